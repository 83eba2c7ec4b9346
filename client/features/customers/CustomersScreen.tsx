import { ArrowDown, ArrowUp, ArrowUpDown } from "../../components/icons";
import { useCallback, useState } from "react";
import { Link } from "react-router";
import { useLatestSearchParams } from "../../lib/url-params";
import { CustomerSort, PriceGroupFilter, type CustomerFilters, type CustomerSummaryDto } from "../../../contract/customers";
import { useAppUser } from "../../auth/useAppUser";
import { Page } from "../../components/layout/Page";
import { Button } from "../../components/ui/Button";
import { ExportButton } from "../../components/ui/ExportButton";
import { Field, Select } from "../../components/ui/Field";
import { SearchBox } from "../../components/ui/SearchBox";
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from "../../components/ui/Table";
import { useFormatDate } from "../../lib/dates";
import { useT } from "../../lib/i18n";
import { useCustomers, usePartnerPriceGroups, type CustomersParams } from "./api";
import { QueryState } from "../../components/ui/QueryState";
import { enumLabel } from "../../lib/enums";
import { onPhone } from "../../components/ui/phone-widths";
import { cn } from "../../lib/cn";

const PAGE_SIZE = 20;

/** The list's view as the URL holds it (?q=&priceGroup=&sort=&order=); anything invalid there is ignored. */
type ListView = CustomerFilters & Pick<CustomersParams, "sort" | "order">;

function readView(params: URLSearchParams): ListView {
  const group = PriceGroupFilter.safeParse(params.get("priceGroup") ?? "");
  const sort = CustomerSort.find((s) => s === params.get("sort")) ?? "name";
  return {
    search: params.get("q")?.trim().slice(0, 100) || undefined,
    priceGroup: group.success ? group.data : undefined,
    sort,
    order: params.get("order") === "desc" ? "desc" : "asc",
  };
}

/** The search, price-group filter and sort, kept in the URL so a reload, a shared link or Back shows the same list. */
function useListView(): [ListView, (patch: Partial<ListView>) => void] {
  const [params, write] = useLatestSearchParams();
  const update = useCallback(
    (patch: Partial<ListView>) =>
      write((latest) => {
        const next = { ...readView(latest), ...patch };
        const out = new URLSearchParams();
        if (next.search) out.set("q", next.search);
        if (next.priceGroup) out.set("priceGroup", next.priceGroup);
        if (next.sort !== "name") out.set("sort", next.sort);
        if (next.order !== "asc") out.set("order", next.order);
        return out;
      }),
    [write],
  );
  return [readView(params), update];
}

/** The customers export's address: the list's filters, so the file holds what the list shows. */
function customersExportPath({ search, priceGroup }: CustomerFilters): string {
  const query = new URLSearchParams();
  if (search) query.set("search", search);
  if (priceGroup) query.set("priceGroup", priceGroup);
  const text = query.toString();
  return `/admin/exports/customers${text ? `?${text}` : ""}`;
}

/** /admin/customers (Your Customers): search, filter by price group, sort and page through the partner's customers. */
export default function CustomersScreen() {
  const t = useT();
  const date = useFormatDate();
  const { account } = useAppUser();
  const [view, setView] = useListView();
  const { search, priceGroup, sort, order } = view;
  const groups = usePartnerPriceGroups(account?.id);
  // Cursors of the pages before the current one (the first page has none), for the view they were read in.
  const viewKey = JSON.stringify(view);
  const [paging, setPaging] = useState<{ view: string; cursors: (string | undefined)[] }>({ view: viewKey, cursors: [undefined] });
  const cursors = paging.view === viewKey ? paging.cursors : [undefined];
  const setCursors = (next: (c: (string | undefined)[]) => (string | undefined)[]) => setPaging({ view: viewKey, cursors: next(cursors) });
  const cursor = cursors[cursors.length - 1];

  const q = useCustomers(account?.id, { search, priceGroup, sort, order, limit: PAGE_SIZE, cursor });

  const sortBy = (key: CustomersParams["sort"]) => {
    if (sort === key) setView({ order: order === "asc" ? "desc" : "asc" });
    else setView({ sort: key, order: "asc" });
  };

  const sortHeader = (key: CustomersParams["sort"], label: string) => {
    const active = sort === key;
    const Icon = !active ? ArrowUpDown : order === "asc" ? ArrowUp : ArrowDown;
    return (
      <TableHeaderCell aria-sort={active ? (order === "asc" ? "ascending" : "descending") : "none"}>
        <button type="button" className="inline-flex items-center gap-1 font-medium hover:text-foreground" onClick={() => sortBy(key)}>
          {label}
          <Icon aria-hidden="true" className="size-4" />
        </button>
      </TableHeaderCell>
    );
  };

  const rows: CustomerSummaryDto[] = q.data?.items ?? [];

  return (
    <Page title={t("customers.title")}>
      <div className="grid gap-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div className="flex max-w-2xl flex-1 flex-wrap items-end gap-3">
            <div className="max-w-sm min-w-56 flex-1">
              <SearchBox
                aria-label={t("customers.search")}
                placeholder={t("customers.search")}
                value={search ?? ""}
                onSearch={(text) => setView({ search: text })}
              />
            </div>
            <Field label={t("customers.priceGroupFilter")} className={cn("w-56", onPhone.whole)}>
              <Select value={priceGroup ?? ""} onChange={(e) => setView({ priceGroup: e.target.value || undefined })}>
                <option value="">{t("customers.allPriceGroups")}</option>
                <option value="none">{t("customers.noPriceGroup")}</option>
                {(groups.data ?? []).map((g) => (
                  <option key={g.id} value={g.id}>
                    {g.name}
                  </option>
                ))}
              </Select>
            </Field>
          </div>
          <div className="flex flex-wrap gap-2">
            <ExportButton path={customersExportPath(view)} label={t("export.customers")} fallbackName="customers.csv" />
            <ExportButton path="/admin/exports/credit-entries" label={t("export.creditEntries")} fallbackName="credit-entries.csv" />
            <ExportButton path="/admin/exports/scores" label={t("export.scores")} fallbackName="scores.csv" />
          </div>
        </div>
        <QueryState query={q} error={t("customers.loadFailed")} rows={3} rowClassName="h-10">
          {(data) => (
            <>
              <Table caption={t("customers.caption", { count: data.total })}>
                <TableHead>
                  <tr>
                    {sortHeader("name", t("customers.name"))}
                    <TableHeaderCell>{t("profile.industry")}</TableHeaderCell>
                    <TableHeaderCell>{t("profile.size")}</TableHeaderCell>
                    <TableHeaderCell>{t("profile.location")}</TableHeaderCell>
                    <TableHeaderCell>{t("customers.priceGroup")}</TableHeaderCell>
                    <TableHeaderCell>{t("customers.teamSize")}</TableHeaderCell>
                    {sortHeader("createdAt", t("customers.joined"))}
                  </tr>
                </TableHead>
                <TableBody>
                  {rows.length === 0 ? (
                    <tr>
                      <TableCell colSpan={7} className="py-8 text-center text-muted-foreground">
                        {search || priceGroup ? t("common.noResults") : t("customers.empty")}
                      </TableCell>
                    </tr>
                  ) : (
                    rows.map((c) => (
                      <TableRow key={c.id}>
                        <TableCell label={t("customers.name")}>
                          <Link to={`/admin/customers/${c.id}/details`} className="font-medium text-brand-text underline-offset-4 hover:underline">
                            {c.name}
                          </Link>
                          {c.primaryEmail ? <div className="text-xs text-muted-foreground">{c.primaryEmail}</div> : null}
                        </TableCell>
                        <TableCell label={t("profile.industry")}>{c.industry ? enumLabel(t, "Industry", c.industry) : "—"}</TableCell>
                        <TableCell label={t("profile.size")}>{c.size ?? "—"}</TableCell>
                        <TableCell label={t("profile.location")}>{c.location ? enumLabel(t, "AccountLocation", c.location) : "—"}</TableCell>
                        <TableCell label={t("customers.priceGroup")}>{c.priceGroup?.name ?? "—"}</TableCell>
                        <TableCell label={t("customers.teamSize")}>{c.teamSize}</TableCell>
                        <TableCell label={t("customers.joined")}>{date(c.createdAt)}</TableCell>
                      </TableRow>
                    ))
                  )}
                </TableBody>
              </Table>
              <nav aria-label={t("customers.pagination")} className="flex items-center justify-end gap-2">
                <Button variant="outline" size="sm" disabled={cursors.length <= 1} onClick={() => setCursors((c) => c.slice(0, -1))}>
                  {t("common.previous")}
                </Button>
                <span className="text-sm text-muted-foreground">{t("customers.page", { page: cursors.length })}</span>
                <Button
                  variant="outline"
                  size="sm"
                  disabled={!data.nextCursor}
                  onClick={() => data.nextCursor && setCursors((c) => [...c, data.nextCursor ?? undefined])}
                >
                  {t("common.next")}
                </Button>
              </nav>
            </>
          )}
        </QueryState>
      </div>
    </Page>
  );
}
