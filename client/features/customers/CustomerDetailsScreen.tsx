import { zodResolver } from "@hookform/resolvers/zod";
import { Fragment } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { CustomerPriceGroupBody } from "../../../contract/assessments";
import { Link, useParams, useSearchParams } from "react-router";
import { JobStatus } from "../../../contract/enums";
import { useAppUser } from "../../auth/useAppUser";
import { AuditTrail } from "../../components/AuditTrail";
import { Page } from "../../components/layout/Page";
import { Skeleton } from "../../components/ui/Skeleton";
import { useT } from "../../lib/i18n";
import { PlanDetails } from "../profile/PlansSection";
import { Section } from "../profile/Section";
import { Button } from "../../components/ui/Button";
import { Field, Select } from "../../components/ui/Field";
import { toast, toastMessage } from "../../components/ui/toast-store";
import { bodySchema, toastInvalidForm, type FormValues } from "../../lib/forms";
import { useCustomer, usePartnerPriceGroups, useSetPriceGroup } from "./api";
import { CustomerScores } from "./CustomerScores";
import { RecommendedWorkouts } from "../scores/RecommendedWorkouts";
import { CreditAdjustmentForm } from "./CreditAdjustmentForm";
import { PlanActions } from "./PlanActions";
import { StartPlanForm } from "./StartPlanForm";
import { enumLabel } from "../../lib/enums";
import { LeaveGuard } from "../../app/shell/LeaveGuard";
import { Tabs } from "../../components/ui/Tabs";
import { Badge } from "../../components/ui/Badge";

/** The customer page's tabs, in order; `?tab=` names one (anything else is the overview). */
const TABS = ["overview", "scores", "plan", "bookings", "activity"] as const;
type Tab = (typeof TABS)[number];

/**
 * /admin/customers/:id/details (Your Customers), in tabs kept in the URL
 * (`?tab=`), each named with its count where it has one: Overview (the
 * customer's details, team size, price group, recommendations, and counts
 * that link to their tabs), Scores (scores with their trend and history,
 * submitted assessments, the partner's manual score), Plan & credits (plan,
 * its actions, credit adjustment), Bookings (by status) and Activity (the
 * audit trail).
 */
export default function CustomerDetailsScreen() {
  const t = useT();
  const { id } = useParams();
  const { account } = useAppUser();
  const q = useCustomer(account?.id, id);
  const [params, setParams] = useSearchParams();
  const tab: Tab = TABS.find((x) => x === params.get("tab")) ?? "overview";
  // Each tab is an entry of the history: Back returns to the one before.
  const choose = (next: string) =>
    setParams((prev) => {
      const out = new URLSearchParams(prev);
      if (next === "overview") out.delete("tab");
      else out.set("tab", next);
      return out;
    });

  if (q.isPending)
    return (
      <Page title={t("customers.details")}>
        <div className="grid gap-3" aria-busy="true">
          <Skeleton className="h-32" />
          <Skeleton className="h-32" />
        </div>
      </Page>
    );
  if (q.isError || !q.data)
    return (
      <Page title={t("customers.details")}>
        <p role="alert" className="text-danger">
          {t("customers.notFound")}
        </p>
        <Link to="/admin/customers" className="mt-4 inline-block text-brand-text underline">
          {t("customers.backToList")}
        </Link>
      </Page>
    );

  const d = q.data;
  const a = d.account;
  const item = (label: string, value: string, testId?: string) => (
    <div>
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="mt-1 font-medium" data-testid={testId}>
        {value}
      </dd>
    </div>
  );

  const tabLink = (to: Tab, label: string, count: number, testId: string) => (
    <div>
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="mt-1 font-medium">
        <Link to={{ search: `?tab=${to}` }} className="text-brand-text underline underline-offset-4" data-testid={testId}>
          {count}
        </Link>
      </dd>
    </div>
  );
  const named = (label: string, count?: number) =>
    count === undefined ? (
      label
    ) : (
      <span className="inline-flex items-center gap-2">
        {label}
        <Badge tone="neutral" aria-hidden="true">
          {count}
        </Badge>
        <span className="sr-only">({count})</span>
      </span>
    );

  const overview = (
    <div className="grid gap-6">
      <Section id="customer-account" title={t("profile.accountDetails")}>
        <dl className="grid gap-x-8 gap-y-4 sm:grid-cols-3">
          {item(t("profile.website"), a.website ?? "—")}
          {item(t("profile.industry"), a.industry ? enumLabel(t, "Industry", a.industry) : "—")}
          {item(t("profile.size"), a.size ?? "—")}
          {item(t("profile.primaryEmail"), a.primaryEmail ?? "—")}
          {item(t("profile.currency"), a.currency)}
          {item(t("profile.location"), a.location ? enumLabel(t, "AccountLocation", a.location) : "—")}
          {item(t("customers.teamSize"), String(d.teamSize), "team-size")}
          {tabLink("scores", t("customers.tab.scores"), d.scoreCount, "count-scores")}
          {tabLink("plan", t("customers.creditBalance"), d.creditBalance, "count-credits")}
          {tabLink("bookings", t("customers.bookingsTotal"), d.bookings.total, "count-bookings")}
        </dl>
        <PriceGroupForm key={d.priceGroupId ?? "none"} accountId={account!.id} customerId={a.id} current={d.priceGroupId} />
      </Section>
      <Section
        id="recommendations"
        title={t("customers.recommendations")}
        description={
          d.recommendations.basis === "scores"
            ? t("customers.recommendedByScores", { categories: d.recommendations.categories.map((c) => enumLabel(t, "Category", c)).join(", ") })
            : t("customers.recommendedFeatured")
        }
      >
        {d.recommendations.workouts.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("customers.noRecommendations")}</p>
        ) : (
          <RecommendedWorkouts workouts={d.recommendations.workouts} />
        )}
      </Section>
    </div>
  );

  const plan = (
    <div className="grid gap-6">
      <PlanDetails data={{ currentPlan: d.plan, balance: d.creditBalance }} />
      {d.plan ? (
        <Section id="plan-actions" title={t("customers.planActions")}>
          <PlanActions key={d.plan.id} accountId={account!.id} customerId={a.id} plan={d.plan} />
        </Section>
      ) : (
        <Section id="plan-actions" title={t("customers.startPlan")} description={t("customers.startPlanHint")}>
          <StartPlanForm accountId={account!.id} customerId={a.id} />
        </Section>
      )}
      <Section id="adjust-credits" title={t("customers.adjustCredits")} description={t("customers.adjustCreditsHint")}>
        <CreditAdjustmentForm accountId={account!.id} customerId={a.id} />
      </Section>
    </div>
  );

  return (
    <Page title={a.name}>
      <Tabs
        plain
        label={t("customers.tabs")}
        value={tab}
        onValueChange={choose}
        tabs={[
          { id: "overview", label: named(t("customers.tab.overview")), content: overview },
          { id: "scores", label: named(t("customers.tab.scores"), d.scoreCount), content: <CustomerScores accountId={account!.id} customerId={a.id} /> },
          { id: "plan", label: named(t("customers.tab.plan"), d.creditBalance), content: plan },
          {
            id: "bookings",
            label: named(t("customers.bookings"), d.bookings.total),
            content: (
              <Section id="bookings-summary" title={t("customers.bookings")}>
                <dl className="grid gap-x-8 gap-y-4 sm:grid-cols-4">
                  {item(t("customers.bookingsTotal"), String(d.bookings.total))}
                  {JobStatus.map((s) => (
                    <Fragment key={s}>{item(enumLabel(t, "JobStatus", s), String(d.bookings.byStatus[s] ?? 0))}</Fragment>
                  ))}
                </dl>
              </Section>
            ),
          },
          {
            id: "activity",
            label: named(t("customers.tab.activity")),
            content: (
              <Section id="audit-trail" title={t("audit.title")} description={t("audit.customerHint")}>
                <AuditTrail of={{ customer: a.id }} />
              </Section>
            ),
          },
        ]}
      />
    </Page>
  );
}

/** The price group as its select holds it ("" for none), checked as the contract's body. */
const PriceGroupChoice = bodySchema(
  (values: FormValues<z.input<typeof CustomerPriceGroupBody>>) => ({ priceGroupId: values.priceGroupId || null }),
  CustomerPriceGroupBody,
);

type PriceGroupOption = { id: string; name: string };

/**
 * Puts the customer into one of the partner's price groups (or none). The
 * form starts once the groups are there: a select shows its value only if
 * that option exists when the form sets it.
 */
function PriceGroupForm({ accountId, customerId, current }: { accountId: string; customerId: string; current: string | null }) {
  const groups = usePartnerPriceGroups(accountId);
  if (groups.isPending) return <Skeleton className="mt-6 h-16 w-72" />;
  return <PriceGroupChoiceForm accountId={accountId} customerId={customerId} current={current} groups={groups.data ?? []} />;
}

function PriceGroupChoiceForm({
  accountId,
  customerId,
  current,
  groups,
}: {
  accountId: string;
  customerId: string;
  current: string | null;
  groups: PriceGroupOption[];
}) {
  const t = useT();
  const save = useSetPriceGroup(accountId, customerId);
  const form = useForm<z.input<typeof PriceGroupChoice>, unknown, z.output<typeof PriceGroupChoice>>({
    resolver: zodResolver(PriceGroupChoice),
    defaultValues: { priceGroupId: current ?? "" },
  });
  const submit = form.handleSubmit(
    // mutateAsync, not mutate's callbacks: the refreshed details give the form a
    // new key (the saved group), and a remounted form's callbacks would never run.
    ({ priceGroupId }) =>
      save.mutateAsync(priceGroupId).then(
        () => {
          form.reset(form.getValues());
          toast({ title: t("customers.priceGroupSaved"), variant: "success" });
        },
        () => toastMessage("toast.generic", { variant: "error" }),
      ),
    (errors) => toastInvalidForm(errors),
  );
  return (
    <form className="mt-6 flex flex-wrap items-end gap-4 border-t border-border pt-6" aria-label={t("customers.priceGroup")} onSubmit={(e) => void submit(e)}>
      <LeaveGuard when={form.formState.isDirty && !save.isPending} />
      <Field label={t("customers.priceGroup")} hint={t("customers.priceGroupHint")} className="w-72">
        <Select {...form.register("priceGroupId")}>
          <option value="">{t("customers.noPriceGroup")}</option>
          {groups.map((g) => (
            <option key={g.id} value={g.id}>
              {g.name}
            </option>
          ))}
        </Select>
      </Field>
      <Button type="submit" variant="outline" loading={save.isPending} disabled={!form.formState.isDirty}>
        {t("customers.savePriceGroup")}
      </Button>
    </form>
  );
}
