import { zodResolver } from "@hookform/resolvers/zod";
import { Controller, useForm } from "react-hook-form";
import { Link } from "react-router";
import { z } from "zod";
import { StartPlanBody } from "../../../contract/entitlements";
import { Button } from "../../components/ui/Button";
import { DatePicker } from "../../components/ui/DatePicker";
import { Field, Select } from "../../components/ui/Field";
import { Skeleton } from "../../components/ui/Skeleton";
import { toast, toastMessage } from "../../components/ui/toast-store";
import { ApiError } from "../../lib/api";
import { bodySchema, setFieldErrors, toastInvalidForm } from "../../lib/forms";
import { useT } from "../../lib/i18n";
import { translateMessage } from "../profile/messages";
import { useOfferedPlans } from "../plans/api";
import { useStartPlan } from "./api";
import { LeaveGuard } from "../../app/shell/LeaveGuard";
import { useToday } from "../../lib/dates";

type Values = { planId: string; startDate: string | null };

/** The plan and the first day as the contract's body, for this customer. */
const startForm = (customerId: string) =>
  bodySchema((v: Values) => ({ accountId: customerId, planId: v.planId || undefined, startDate: v.startDate }), StartPlanBody);

/**
 * A customer with no plan: the partner puts it on one of its plans from
 * today or a later day (credits are spent only on a plan). With no plans yet,
 * a link to create one.
 */
export function StartPlanForm({ accountId, customerId }: { accountId: string; customerId: string }) {
  const t = useT();
  const plans = useOfferedPlans();
  const start = useStartPlan(accountId, customerId);
  const schema = startForm(customerId);
  // Plans run on UTC days, as their credits do (the hint says so).
  const today = useToday("UTC");
  const form = useForm<Values, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { planId: "", startDate: today },
  });
  const err = (m?: string) => (m ? translateMessage(m) : null);

  const submit = form.handleSubmit(
    async ({ planId, startDate }) => {
      try {
        await start.mutateAsync({ planId, startDate });
        form.reset();
        toast({ title: t("customers.planStarted"), variant: "success" });
      } catch (e) {
        if (e instanceof ApiError && (e.status === 400 || e.status === 409)) setFieldErrors(form.setError, e.fields);
        toastMessage("toast.planOperationFailed", { variant: "error" });
      }
    },
    (errors) => toastInvalidForm(errors),
  );

  if (plans.isPending) return <Skeleton className="h-24" />;
  const items = plans.data?.items ?? [];
  if (items.length === 0)
    return (
      <p className="text-sm">
        {t("customers.noPlansYet")}{" "}
        <Link to="/admin/plans" className="font-medium text-brand-text underline">
          {t("customers.createPlanFirst")}
        </Link>
      </p>
    );

  // The date Field is not marked `required`: DatePicker would put aria-required on its button (an axe failure).
  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="grid max-w-xl gap-4 sm:grid-cols-2" aria-label={t("customers.startPlan")}>
      <LeaveGuard when={form.formState.isDirty && !start.isPending} />
      <Field label={t("plans.planName")} required error={err(form.formState.errors.planId?.message)}>
        <Select placeholder={t("common.select")} {...form.register("planId")}>
          {items.map((p) => (
            <option key={p.id} value={p.id}>
              {p.planName} · {p.variantName}
            </option>
          ))}
        </Select>
      </Field>
      <Field label={t("plans.start")} hint={t("customers.startHint")} error={err(form.formState.errors.startDate?.message)}>
        <Controller
          control={form.control}
          name="startDate"
          render={({ field }) => <DatePicker ref={field.ref} value={field.value} onChange={field.onChange} />}
        />
      </Field>
      <div className="sm:col-span-2">
        <Button type="submit" loading={start.isPending}>
          {t("customers.startPlan")}
        </Button>
      </div>
    </form>
  );
}
