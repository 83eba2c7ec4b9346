import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { PlanBody, type PlanDto } from "../../../contract/entitlements";
import { CommitmentTerm, Currency, RefreshPeriod } from "../../../contract/enums";
import { CreditCard, Pencil, Plus } from "../../components/icons";
import { OwnAuditSection } from "../../components/AuditTrail";
import { Page } from "../../components/layout/Page";
import { Button } from "../../components/ui/Button";
import { Dialog, DialogContent, FormDialogFooter } from "../../components/ui/Dialog";
import { EmptyState } from "../../components/ui/EmptyState";
import { EnumSelect } from "../../components/ui/EnumSelect";
import { Field, Input } from "../../components/ui/Field";
import { QueryState } from "../../components/ui/QueryState";
import { DataTable } from "../../components/ui/Table";
import { toast, toastMessage } from "../../components/ui/toast-store";
import { ApiError } from "../../lib/api";
import { enumLabel } from "../../lib/enums";
import { bodySchema, setFieldErrors, toastInvalidForm } from "../../lib/forms";
import { useLanguage, useT } from "../../lib/i18n";
import { formatMoney } from "../catalogue/format";
import { translateMessage } from "../profile/messages";
import { useSavePlan, usePlans } from "./api";
import { PlanRemove, RetiredBadge } from "./PlanRemove";
import { LeaveGuard } from "../../app/shell/LeaveGuard";

/** The form as its inputs hold it: numbers as typed, the price in major units (dollars), "" for none. */
type Values = {
  planName: string;
  variantName: string;
  commitmentTerm: CommitmentTerm;
  credits: string;
  refreshPeriod: RefreshPeriod;
  priceAmount: string;
  currency: Currency | "";
};

/** A typed number, or the text itself (the contract answers "Invalid quantity"). */
const typedNumber = (text: string, scale = 1): number | string => {
  const n = Number(text);
  return text.trim() !== "" && Number.isFinite(n) ? Math.round(n * scale) : text;
};

/** The values as the contract's body: credits a number, the price in minor units (null when empty). */
const PlanForm = bodySchema(
  (v: Values) => ({
    ...v,
    credits: typedNumber(v.credits),
    priceAmount: v.priceAmount.trim() === "" ? null : typedNumber(v.priceAmount, 100),
    currency: v.currency || null,
  }),
  PlanBody,
);

const valuesOf = (plan: PlanDto | null, currency: Currency): Values => ({
  planName: plan?.planName ?? "",
  variantName: plan?.variantName ?? "",
  commitmentTerm: plan?.commitmentTerm ?? "monthly",
  credits: plan ? String(plan.credits) : "",
  refreshPeriod: plan?.refreshPeriod ?? "monthly",
  priceAmount: plan?.priceAmount != null ? (plan.priceAmount / 100).toFixed(2) : "",
  currency: plan?.currency ?? currency,
});

/**
 * /admin/plans: the plans a partner gives its customers: the credits each
 * refresh period grants, how often they refresh, the commitment term and
 * the price its customers are shown. A customer's plan is started, changed
 * or ended on the customer's page.
 */
export default function PlansScreen() {
  const t = useT();
  const [language] = useLanguage();
  const query = usePlans();
  const [editing, setEditing] = useState<PlanDto | "new" | null>(null);

  return (
    <Page
      title={t("plans.catalogueTitle")}
      actions={
        <Button onClick={() => setEditing("new")}>
          <Plus aria-hidden="true" />
          {t("plans.create")}
        </Button>
      }
    >
      <p className="mb-6 max-w-prose text-sm text-muted-foreground">{t("plans.catalogueHint")}</p>
      <QueryState
        query={query}
        error={t("plans.loadFailed")}
        rows={1}
        rowClassName="h-32"
        isEmpty={(list) => list.items.length === 0}
        empty={<EmptyState icon={<CreditCard />} title={t("plans.emptyTitle")} description={t("plans.emptyBody")} />}
      >
        {(list) => (
          <DataTable
            caption={t("plans.catalogueTitle")}
            hideCaption
            rows={list.items}
            rowKey={(p) => p.id}
            columns={[
              {
                key: "name",
                header: t("plans.name"),
                cell: (p) => (
                  <>
                    <span className="font-medium">{p.planName}</span>
                    <RetiredBadge plan={p} />
                    <span className="block text-sm text-muted-foreground">{p.variantName}</span>
                  </>
                ),
              },
              { key: "term", header: t("plans.commitmentTerm"), cell: (p) => enumLabel(t, "CommitmentTerm", p.commitmentTerm) },
              { key: "credits", header: t("plans.credits"), cell: (p) => p.credits },
              { key: "refresh", header: t("plans.refreshPeriod"), cell: (p) => enumLabel(t, "RefreshPeriod", p.refreshPeriod) },
              {
                key: "price",
                header: t("plans.price"),
                cell: (p) => (p.priceAmount !== null && p.currency ? formatMoney(p.priceAmount, p.currency, language) : t("plans.notSold")),
              },
              {
                key: "actions",
                header: <span className="sr-only">{t("common.actions")}</span>,
                className: "text-right",
                cell: (p) => (
                  <>
                    <Button
                      variant="ghost"
                      size="icon-sm"
                      aria-label={t("plans.editNamed", { name: `${p.planName} ${p.variantName}` })}
                      onClick={() => setEditing(p)}
                    >
                      <Pencil aria-hidden="true" />
                    </Button>
                    <PlanRemove plan={p} />
                  </>
                ),
              },
            ]}
          />
        )}
      </QueryState>
      <OwnAuditSection hint="partner" />
      {editing ? <PlanDialog plan={editing === "new" ? null : editing} onClose={() => setEditing(null)} /> : null}
    </Page>
  );
}

function PlanDialog({ plan, onClose }: { plan: PlanDto | null; onClose: () => void }) {
  const t = useT();
  const save = useSavePlan();
  const form = useForm<Values, unknown, z.output<typeof PlanForm>>({
    resolver: zodResolver(PlanForm),
    defaultValues: valuesOf(plan, "USD"),
  });
  const err = (m?: string) => (m ? translateMessage(m) : null);
  const errors = form.formState.errors;
  const onSubmit = form.handleSubmit(
    async (body) => {
      try {
        await save.mutateAsync({ id: plan?.id, body });
        toast({ title: plan ? t("plans.updated") : t("plans.created"), variant: "success" });
        onClose();
      } catch (e) {
        if (e instanceof ApiError && e.status === 400) setFieldErrors(form.setError, e.fields);
        else toastMessage("toast.planSaveFailed", { variant: "error" });
      }
    },
    (invalid) => toastInvalidForm(invalid),
  );
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent title={plan ? t("plans.editTitle") : t("plans.createTitle")}>
        <LeaveGuard when={form.formState.isDirty && !save.isPending} />
        <form noValidate onSubmit={(e) => void onSubmit(e)} className="grid gap-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label={t("plans.name")} required error={err(errors.planName?.message)}>
              <Input {...form.register("planName")} />
            </Field>
            <Field label={t("plans.variantName")} required error={err(errors.variantName?.message)}>
              <Input {...form.register("variantName")} />
            </Field>
            <Field label={t("plans.commitmentTerm")} required error={err(errors.commitmentTerm?.message)}>
              <EnumSelect enumName="CommitmentTerm" values={CommitmentTerm} {...form.register("commitmentTerm")} />
            </Field>
            <Field label={t("plans.refreshPeriod")} required hint={t("plans.refreshHint")} error={err(errors.refreshPeriod?.message)}>
              <EnumSelect enumName="RefreshPeriod" values={RefreshPeriod} {...form.register("refreshPeriod")} />
            </Field>
          </div>
          <Field label={t("plans.credits")} required hint={t("plans.creditsHint")} error={err(errors.credits?.message)}>
            <Input inputMode="numeric" {...form.register("credits")} />
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label={t("plans.price")} optional hint={t("plans.priceHint")} error={err(errors.priceAmount?.message)}>
              <Input inputMode="decimal" {...form.register("priceAmount")} />
            </Field>
            <Field label={t("plans.currency")} error={err(errors.currency?.message)}>
              <EnumSelect enumName="Currency" values={Currency} {...form.register("currency")} />
            </Field>
          </div>
          <FormDialogFooter submit={t("common.save")} busy={save.isPending} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
