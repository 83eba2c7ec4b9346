import { zodResolver } from "@hookform/resolvers/zod";
import { Controller, useForm } from "react-hook-form";
import type { z } from "zod";
import { CancelPlanBody, ChangePlanBody, type PlanEntryDto } from "../../../contract/entitlements";
import { Button } from "../../components/ui/Button";
import { DatePicker } from "../../components/ui/DatePicker";
import { Field, Select } from "../../components/ui/Field";
import { toast, toastMessage } from "../../components/ui/toast-store";
import { ApiError } from "../../lib/api";
import { bodySchema, setFieldErrors, toastInvalidForm, type FormValues } from "../../lib/forms";
import { useT } from "../../lib/i18n";
import { translateMessage } from "../profile/messages";
import { useOfferedPlans } from "../plans/api";
import { useCancelPlan, useChangePlan } from "./api";
import { LeaveGuard } from "../../app/shell/LeaveGuard";
import { useToday } from "../../lib/dates";

/** The forms hold the contract's bodies, a date as its picker does (null until chosen: "Required"). */
const CancelForm = bodySchema((values: FormValues<z.input<typeof CancelPlanBody>>) => values, CancelPlanBody);
const ChangeForm = bodySchema((values: FormValues<z.input<typeof ChangePlanBody>>) => values, ChangePlanBody);

/**
 * A partner cancels or changes a customer's plan: a cancellation
 * cannot end the plan before its earliest end date; a change cannot start
 * before the current subscription period ends. The server checks both and
 * its message shows on the date.
 */
export function PlanActions({ accountId, customerId, plan }: { accountId: string; customerId: string; plan: PlanEntryDto }) {
  const t = useT();
  const plans = useOfferedPlans();
  const cancel = useCancelPlan(accountId, customerId);
  const change = useChangePlan(accountId, customerId);
  // Plans run on UTC days, as their credits do.
  const todayDate = useToday("UTC");
  const cancelForm = useForm<z.input<typeof CancelForm>, unknown, z.output<typeof CancelForm>>({
    resolver: zodResolver(CancelForm),
    defaultValues: { endDate: plan.earliestEndDate && plan.earliestEndDate > todayDate ? plan.earliestEndDate : todayDate },
  });
  // No plan chosen is no id (undefined, not ""): "Required", as the contract says of a missing one.
  const changeForm = useForm<z.input<typeof ChangeForm>, unknown, z.output<typeof ChangeForm>>({
    resolver: zodResolver(ChangeForm),
    defaultValues: { startDate: null },
  });
  const err = (m?: string) => (m ? translateMessage(m) : null);

  const failed = (e: unknown, setError: (fields: Record<string, string>) => void) => {
    if (e instanceof ApiError && e.status === 400) setError(e.fields);
    toastMessage("toast.planOperationFailed", { variant: "error" });
  };

  const submitCancel = cancelForm.handleSubmit(
    async ({ endDate }) => {
      try {
        await cancel.mutateAsync({ planEntryId: plan.id, endDate });
        cancelForm.reset({ endDate });
        toast({ title: t("customers.planCancelled"), variant: "success" });
      } catch (e) {
        failed(e, (fields) => setFieldErrors(cancelForm.setError, fields));
      }
    },
    (errors) => toastInvalidForm(errors),
  );

  const submitChange = changeForm.handleSubmit(
    async ({ planId, startDate }) => {
      try {
        await change.mutateAsync({ planEntryId: plan.id, planId, startDate });
        changeForm.reset();
        toast({ title: t("customers.planChanged"), variant: "success" });
      } catch (e) {
        failed(e, (fields) => setFieldErrors(changeForm.setError, fields));
      }
    },
    (errors) => toastInvalidForm(errors),
  );

  // The date Fields are not marked `required`: DatePicker would put aria-required on its button (an axe failure).
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <form onSubmit={(e) => void submitCancel(e)} noValidate className="grid content-start gap-4" aria-label={t("customers.cancelPlan")}>
        <LeaveGuard when={cancelForm.formState.isDirty && !cancel.isPending} />
        <h3 className="font-semibold">{t("customers.cancelPlan")}</h3>
        <Field label={t("plans.end")} hint={t("customers.cancelHint")} error={err(cancelForm.formState.errors.endDate?.message)}>
          <Controller
            control={cancelForm.control}
            name="endDate"
            render={({ field }) => <DatePicker ref={field.ref} value={field.value} onChange={field.onChange} />}
          />
        </Field>
        <div>
          <Button type="submit" variant="outline" loading={cancel.isPending}>
            {t("customers.cancelPlan")}
          </Button>
        </div>
      </form>
      <form onSubmit={(e) => void submitChange(e)} noValidate className="grid content-start gap-4" aria-label={t("customers.changePlan")}>
        <LeaveGuard when={changeForm.formState.isDirty && !change.isPending} />
        <h3 className="font-semibold">{t("customers.changePlan")}</h3>
        <Field label={t("plans.planName")} required error={err(changeForm.formState.errors.planId?.message)}>
          <Select placeholder={t("common.select")} {...changeForm.register("planId", { setValueAs: (v: string) => v || undefined })}>
            {(plans.data?.items ?? []).map((p) => (
              <option key={p.id} value={p.id}>
                {p.planName} · {p.variantName}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t("plans.start")} hint={t("customers.changeHint")} error={err(changeForm.formState.errors.startDate?.message)}>
          <Controller
            control={changeForm.control}
            name="startDate"
            render={({ field }) => <DatePicker ref={field.ref} value={field.value} onChange={field.onChange} />}
          />
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
