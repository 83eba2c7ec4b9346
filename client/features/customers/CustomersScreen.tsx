import { ArrowDown, ArrowUp, ArrowUpDown, Search } from "../../components/icons";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import type { CustomerSummaryDto } from "../../../contract/customers";
import { useAppUser } from "../../auth/useAppUser";
import { Page } from "../../components/layout/Page";
import { Button } from "../../components/ui/Button";
import { ExportButton } from "../../components/ui/ExportButton";
import { Input } from "../../components/ui/Field";
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from "../../components/ui/Table";
import { useFormatDate } from "../../lib/dates";
import { useT } from "../../lib/i18n";
import { useCustomers, type CustomersParams } from "./api";
import { QueryState } from "../../components/ui/QueryState";
import { enumLabel } from "../../lib/enums";

const PAGE_SIZE = 20;

/** /admin/customers (Your Customers): search, sort and page through the partner's customers. */
export default function CustomersScreen() {
  const t = useT();
  const date = useFormatDate();
  const { account } = useAppUser();
  const [searchText, setSearchText] = useState("");
  const [search, setSearch] = useState("");
  const [sort, setSort] = useState<CustomersParams["sort"]>("name");
  const [order, setOrder] = useState<CustomersParams["order"]>("asc");
  // Cursors of the pages before the current one (the first page has none).
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const cursor = cursors[cursors.length - 1];

  useEffect(() => {
    const id = setTimeout(() => {
      setSearch(searchText.trim());
      setCursors([undefined]);
    }, 300);
    return () => clearTimeout(id);
  }, [searchText]);

  const q = useCustomers(account?.id, { search: search || undefined, sort, order, limit: PAGE_SIZE, cursor });

  const sortBy = (key: CustomersParams["sort"]) => {
    if (sort === key) setOrder(order === "asc" ? "desc" : "asc");
    else {
      setSort(key);
      setOrder("asc");
    }
    setCursors([undefined]);
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
          <div className="relative max-w-sm flex-1">
            <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
            <Input
              type="search"
              aria-label={t("customers.search")}
              placeholder={t("customers.search")}
              className="pl-9"
              value={searchText}
              onChange={(e) => setSearchText(e.target.value)}
            />
          </div>
          <div className="flex flex-wrap gap-2">
            <ExportButton
              path={`/admin/exports/customers${search ? `?${new URLSearchParams({ search })}` : ""}`}
              label={t("export.customers")}
              fallbackName="customers.csv"
            />
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
                    <TableHeaderCell>{t("customers.teamSize")}</TableHeaderCell>
                    {sortHeader("createdAt", t("customers.joined"))}
                  </tr>
                </TableHead>
                <TableBody>
                  {rows.length === 0 ? (
                    <tr>
                      <TableCell colSpan={6} className="py-8 text-center text-muted-foreground">
                        {search ? t("common.noResults") : t("customers.empty")}
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
