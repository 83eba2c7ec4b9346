import type { CreditEntryDto, EntitlementsDto, PlanEntryDto } from "../../../contract/entitlements";
import { Skeleton } from "../../components/ui/Skeleton";
import { DataTable, Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from "../../components/ui/Table";
import { useFormatDate } from "../../lib/dates";
import { useLanguage, useT } from "../../lib/i18n";
import { formatMoney } from "../catalogue/format";
import { useEntitlements } from "./api";
import { Section } from "./Section";
import { enumLabel } from "../../lib/enums";

/** Profile → Plan Details, or Plan Entries and Credit Entries (with the nested credit lines), of the active account. */
export function PlansSections({ accountId, part }: { accountId: string; part: "details" | "entries" }) {
  const t = useT();
  const q = useEntitlements(accountId);
  if (q.isPending) return <Skeleton className="h-40" />;
  if (q.isError)
    return (
      <p role="alert" className="text-danger">
        {t("profile.loadFailed")}
      </p>
    );
  if (part === "details") return <PlanDetails data={q.data} />;
  return (
    <>
      <PlanEntries entries={q.data.planEntries} />
      <CreditEntries entries={q.data.creditEntries} />
    </>
  );
}

function Item({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div>
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="mt-1 font-medium" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

export function PlanDetails({ data }: { data: Pick<EntitlementsDto, "currentPlan" | "balance"> }) {
  const t = useT();
  const [language] = useLanguage();
  const date = useFormatDate();
  const p = data.currentPlan;
  const d = (v: string | null) => (v ? date(v) : "—");
  return (
    <Section id="plan-details" title={t("plans.details")}>
      <dl className="grid gap-x-8 gap-y-4 sm:grid-cols-3">
        <Item label={t("plans.creditBalance")} value={String(data.balance)} testId="credit-balance" />
        {p ? (
          <>
            <Item label={t("plans.planName")} value={p.planName} />
            <Item label={t("plans.variantName")} value={p.variantName} />
            <Item label={t("plans.commitmentTerm")} value={enumLabel(t, "CommitmentTerm", p.commitmentTerm)} />
            <Item label={t("plans.start")} value={d(p.startDate)} />
            <Item label={t("plans.end")} value={d(p.endDate)} />
            <Item label={t("plans.earliestEnd")} value={d(p.earliestEndDate)} />
            <Item label={t("plans.renewal")} value={d(p.renewalDate)} />
            <Item label={t("plans.price")} value={p.price ? formatMoney(p.price.amount, p.price.currency, language) : "—"} testId="plan-price" />
          </>
        ) : (
          <Item label={t("plans.planName")} value={t("plans.noPlan")} />
        )}
      </dl>
    </Section>
  );
}

function PlanEntries({ entries }: { entries: PlanEntryDto[] }) {
  const t = useT();
  const date = useFormatDate();
  const d = (v: string | null) => (v ? date(v) : "—");
  return (
    <Section id="plan-entries" title={t("plans.entries")}>
      <DataTable
        caption={t("plans.entries")}
        hideCaption
        rows={entries}
        rowKey={(p) => p.id}
        empty={t("plans.noEntries")}
        columns={[
          { key: "plan", header: t("plans.planName"), cell: (p) => p.planName },
          { key: "variant", header: t("plans.variantName"), cell: (p) => p.variantName },
          { key: "term", header: t("plans.commitmentTerm"), cell: (p) => enumLabel(t, "CommitmentTerm", p.commitmentTerm) },
          { key: "start", header: t("plans.start"), cell: (p) => d(p.startDate) },
          { key: "end", header: t("plans.end"), cell: (p) => d(p.endDate) },
          { key: "earliest", header: t("plans.earliestEnd"), cell: (p) => d(p.earliestEndDate) },
          { key: "renewal", header: t("plans.renewal"), cell: (p) => d(p.renewalDate) },
        ]}
      />
    </Section>
  );
}

export function CreditEntries({ entries }: { entries: CreditEntryDto[] }) {
  const t = useT();
  const date = useFormatDate();
  return (
    <Section id="credit-entries" title={t("plans.creditEntries")}>
      {entries.length === 0 ? <p className="text-sm text-muted-foreground">{t("plans.noCredits")}</p> : null}
      <div className="grid gap-6">
        {entries.map((e) => (
          <article key={e.id} className="grid gap-3" data-testid="credit-entry" aria-labelledby={`credit-${e.id}`}>
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h3 id={`credit-${e.id}`} className="font-semibold">
                {e.planName} · {e.variantName}
              </h3>
              <p className="text-sm text-muted-foreground">
                {date(e.startDate)} – {e.endDate ? date(e.endDate) : "—"} · {t("plans.refreshPeriod")}: {enumLabel(t, "RefreshPeriod", e.refreshPeriod)} ·{" "}
                {t("plans.entryBalance", { count: e.balance })}
              </p>
            </div>
            <Table caption={t("plans.linesOf", { name: `${e.planName} · ${e.variantName}` })} hideCaption>
              <TableHead>
                <tr>
                  <TableHeaderCell>{t("plans.entered")}</TableHeaderCell>
                  <TableHeaderCell>{t("plans.source")}</TableHeaderCell>
                  <TableHeaderCell>{t("plans.itemType")}</TableHeaderCell>
                  <TableHeaderCell>{t("plans.updateType")}</TableHeaderCell>
                  <TableHeaderCell className="text-right">{t("plans.quantity")}</TableHeaderCell>
                  <TableHeaderCell>{t("plans.context")}</TableHeaderCell>
                </tr>
              </TableHead>
              <TableBody>
                {e.lines.length === 0 ? (
                  <tr>
                    <TableCell colSpan={6} className="text-center text-muted-foreground">
                      {t("table.empty")}
                    </TableCell>
                  </tr>
                ) : (
                  e.lines.map((l) => (
                    <TableRow key={l.id} data-testid="credit-line">
                      <TableCell label={t("plans.entered")}>{date(l.enteredAt)}</TableCell>
                      <TableCell label={t("plans.source")}>{enumLabel(t, "CreditLineSource", l.source)}</TableCell>
                      <TableCell label={t("plans.itemType")}>{enumLabel(t, "CreditLineType", l.itemType)}</TableCell>
                      <TableCell label={t("plans.updateType")}>{enumLabel(t, "CreditUpdateType", l.updateType)}</TableCell>
                      <TableCell label={t("plans.quantity")} className="text-right font-mono">
                        {l.quantity > 0 ? `+${l.quantity}` : l.quantity}
                      </TableCell>
                      <TableCell label={t("plans.context")}>{l.context ?? "—"}</TableCell>
                    </TableRow>
                  ))
                )}
              </TableBody>
            </Table>
          </article>
        ))}
      </div>
    </Section>
  );
}
