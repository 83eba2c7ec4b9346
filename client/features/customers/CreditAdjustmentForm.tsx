import { zodResolver } from "@hookform/resolvers/zod";
import { useForm, useWatch } from "react-hook-form";
import { z } from "zod";
import { AdjustmentType, CreditAdjustmentBody } from "../../../contract/entitlements";
import { MESSAGES } from "../../../contract/messages";
import { Button } from "../../components/ui/Button";
import { EnumSelect } from "../../components/ui/EnumSelect";
import { Field, Input } from "../../components/ui/Field";
import { toast, toastMessage } from "../../components/ui/toast-store";
import { ApiError } from "../../lib/api";
import { setFieldErrors } from "../../lib/forms";
import { useT } from "../../lib/i18n";
import { translateApiMessage } from "../../lib/api-messages";
import { useCreditAdjustment } from "./api";
import { LeaveGuard } from "../../app/shell/LeaveGuard";

/**
 * An adjustment as the form holds it: the contract's body with the quantity
 * as its input's text (empty is "Required"), then checked by the contract
 * itself (a whole number, not zero, a bonus only positive).
 */
export const AdjustmentForm = z
  .object({ ...CreditAdjustmentBody.shape, quantity: z.string().trim().min(1, MESSAGES.required) })
  .transform((values): unknown => ({ ...values, quantity: Number(values.quantity) }))
  .pipe(CreditAdjustmentBody);

/** A partner adjusts a customer's credits: a plan adjustment (±) or a bonus (+), with a quantity and a context. */
export function CreditAdjustmentForm({ accountId, customerId }: { accountId: string; customerId: string }) {
  const t = useT();
  const adjust = useCreditAdjustment(accountId, customerId);
  const empty = { accountId: customerId, quantity: "", context: "" };
  const form = useForm<z.input<typeof AdjustmentForm>, unknown, z.output<typeof AdjustmentForm>>({
    resolver: zodResolver(AdjustmentForm),
    defaultValues: { ...empty, itemType: "bonus" },
  });
  const { errors } = form.formState;
  const itemType = useWatch({ control: form.control, name: "itemType" });
  const err = (m?: string) => (m ? translateApiMessage(m) : null);

  const submit = form.handleSubmit(
    async (body) => {
      try {
        const result = await adjust.mutateAsync(body);
        toast({ title: t("customers.creditsAdjusted", { balance: result.balance }), variant: "success" });
        form.reset({ ...empty, itemType: body.itemType });
      } catch (e) {
        if (e instanceof ApiError && e.status === 400) setFieldErrors(form.setError, e.fields);
        toastMessage("toast.creditOperationFailed", { variant: "error" });
      }
    },
    () => toastMessage("toast.missingFields", { variant: "error" }),
  );

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="grid items-start gap-4 sm:grid-cols-3" aria-label={t("customers.adjustCredits")}>
      <LeaveGuard when={form.formState.isDirty && !adjust.isPending} />
      <Field label={t("plans.itemType")} required error={err(errors.itemType?.message)}>
        <EnumSelect enumName="CreditLineType" values={AdjustmentType} {...form.register("itemType")} />
      </Field>
      <Field
        label={t("plans.quantity")}
        required
        hint={itemType === "bonus" ? t("customers.bonusHint") : t("customers.adjustmentHint")}
        error={err(errors.quantity?.message)}
      >
        <Input type="number" inputMode="numeric" step={1} {...form.register("quantity")} />
      </Field>
      <Field label={t("plans.context")} optional error={err(errors.context?.message)}>
        <Input maxLength={500} {...form.register("context")} />
      </Field>
      <div className="flex justify-end sm:col-span-3">
        <Button type="submit" loading={adjust.isPending}>
          {t("customers.applyCredits")}
        </Button>
      </div>
    </form>
  );
}
