import { useState, type FormEvent } from "react";
import type { PlanEntryDto } from "../../../contract/entitlements";
import { Button } from "../../components/ui/Button";
import { DatePicker } from "../../components/ui/DatePicker";
import { Field, Select } from "../../components/ui/Field";
import { toast, toastMessage } from "../../components/ui/toast-store";
import { ApiError } from "../../lib/api";
import { useT } from "../../lib/i18n";
import { translateMessage } from "../profile/messages";
import { useCancelPlan, useChangePlan, usePartnerPlans } from "./api";

/**
 * A partner cancels or changes a customer's plan: a cancellation
 * cannot end the plan before its earliest end date; a change cannot start
 * before the current subscription period ends. The server checks both and
 * its message shows on the date.
 */
export function PlanActions({ accountId, customerId, plan }: { accountId: string; customerId: string; plan: PlanEntryDto }) {
  const t = useT();
  const plans = usePartnerPlans(accountId);
  const cancel = useCancelPlan(accountId, customerId);
  const change = useChangePlan(accountId, customerId);
  const todayDate = new Date().toISOString().slice(0, 10);
  const [endDate, setEndDate] = useState<string | null>(plan.earliestEndDate && plan.earliestEndDate > todayDate ? plan.earliestEndDate : todayDate);
  const [endError, setEndError] = useState<string | null>(null);
  const [planId, setPlanId] = useState("");
  const [startDate, setStartDate] = useState<string | null>(null);
  const [changeErrors, setChangeErrors] = useState<{ planId?: string; startDate?: string }>({});

  const fail = (e: unknown, set: (fields: Record<string, string>) => void) => {
    if (e instanceof ApiError && e.status === 400) set(Object.fromEntries(Object.entries(e.fields).map(([k, v]) => [k, translateMessage(v)])));
    toastMessage("toast.planOperationFailed", { variant: "error" });
  };

  const submitCancel = async (e: FormEvent) => {
    e.preventDefault();
    if (!endDate) return setEndError(t("form.requiredField"));
    setEndError(null);
    try {
      await cancel.mutateAsync({ planEntryId: plan.id, endDate });
      toast({ title: t("customers.planCancelled"), variant: "success" });
    } catch (err) {
      fail(err, (f) => setEndError(f.endDate ?? null));
    }
  };

  const submitChange = async (e: FormEvent) => {
    e.preventDefault();
    const missing = { planId: planId ? undefined : t("form.requiredField"), startDate: startDate ? undefined : t("form.requiredField") };
    setChangeErrors(missing);
    if (missing.planId || missing.startDate) return;
    try {
      await change.mutateAsync({ planEntryId: plan.id, planId, startDate: startDate! });
      toast({ title: t("customers.planChanged"), variant: "success" });
    } catch (err) {
      fail(err, (f) => setChangeErrors({ planId: f.planId, startDate: f.startDate }));
    }
  };

  // The date Fields are not marked `required`: DatePicker would put aria-required on its button (an axe failure).
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <form onSubmit={(e) => void submitCancel(e)} noValidate className="grid content-start gap-4" aria-label={t("customers.cancelPlan")}>
        <h3 className="font-semibold">{t("customers.cancelPlan")}</h3>
        <Field label={t("plans.end")} hint={t("customers.cancelHint")} error={endError}>
          <DatePicker value={endDate} onChange={setEndDate} />
        </Field>
        <div>
          <Button type="submit" variant="outline" loading={cancel.isPending}>
            {t("customers.cancelPlan")}
          </Button>
        </div>
      </form>
      <form onSubmit={(e) => void submitChange(e)} noValidate className="grid content-start gap-4" aria-label={t("customers.changePlan")}>
        <h3 className="font-semibold">{t("customers.changePlan")}</h3>
        <Field label={t("plans.planName")} required error={changeErrors.planId}>
          <Select placeholder={t("common.select")} value={planId} onChange={(e) => setPlanId(e.target.value)}>
            {(plans.data?.items ?? []).map((p) => (
              <option key={p.id} value={p.id}>
                {p.planName} · {p.variantName}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t("plans.start")} hint={t("customers.changeHint")} error={changeErrors.startDate}>
          <DatePicker value={startDate} onChange={setStartDate} />
        </Field>
        <div>
          <Button type="submit" variant="outline" loading={change.isPending}>
            {t("customers.changePlan")}
          </Button>
        </div>
      </form>
    </div>
  );
}
