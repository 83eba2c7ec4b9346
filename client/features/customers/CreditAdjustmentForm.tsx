import { useState, type FormEvent } from "react";
import { AdjustmentType } from "../../../contract/entitlements";
import { Button } from "../../components/ui/Button";
import { Field, Input } from "../../components/ui/Field";
import { toast, toastMessage } from "../../components/ui/toast-store";
import { ApiError } from "../../lib/api";
import { translateApiMessage, useT } from "../../lib/i18n";
import { useCreditAdjustment } from "./api";
import { EnumSelect } from "../../components/ui/EnumSelect";
import { oneOf } from "../../lib/enums";

/** A partner adjusts a customer's credits: a plan adjustment (±) or a bonus (+), with a quantity and a context. */
export function CreditAdjustmentForm({ accountId, customerId }: { accountId: string; customerId: string }) {
  const t = useT();
  const adjust = useCreditAdjustment(accountId, customerId);
  const [itemType, setItemType] = useState<(typeof AdjustmentType)[number]>("bonus");
  const [quantity, setQuantity] = useState("");
  const [context, setContext] = useState("");
  const [errors, setErrors] = useState<{ quantity?: string; context?: string }>({});

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const n = Number(quantity);
    if (!quantity.trim() || !Number.isInteger(n) || n === 0 || (itemType === "bonus" && n < 0)) {
      setErrors({ quantity: quantity.trim() ? t("message.invalidQuantity") : t("form.requiredField") });
      return toastMessage("toast.missingFields", { variant: "error" });
    }
    setErrors({});
    try {
      const result = await adjust.mutateAsync({ accountId: customerId, itemType, quantity: n, context: context.trim() || null });
      toast({ title: t("customers.creditsAdjusted", { balance: result.balance }), variant: "success" });
      setQuantity("");
      setContext("");
    } catch (err) {
      if (err instanceof ApiError && err.status === 400) {
        setErrors({
          quantity: err.fields.quantity ? translateApiMessage(err.fields.quantity) : undefined,
          context: err.fields.context ? translateApiMessage(err.fields.context) : undefined,
        });
      }
      toastMessage("toast.creditOperationFailed", { variant: "error" });
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="grid items-start gap-4 sm:grid-cols-3" aria-label={t("customers.adjustCredits")}>
      <Field label={t("plans.itemType")} required>
        <EnumSelect
          enumName="CreditLineType"
          values={AdjustmentType}
          value={itemType}
          onChange={(e) => setItemType(oneOf(AdjustmentType, e.target.value) ?? itemType)}
        />
      </Field>
      <Field
        label={t("plans.quantity")}
        required
        hint={itemType === "bonus" ? t("customers.bonusHint") : t("customers.adjustmentHint")}
        error={errors.quantity}
      >
        <Input type="number" inputMode="numeric" step={1} value={quantity} onChange={(e) => setQuantity(e.target.value)} />
      </Field>
      <Field label={t("plans.context")} optional error={errors.context}>
        <Input value={context} maxLength={500} onChange={(e) => setContext(e.target.value)} />
      </Field>
      <div className="flex justify-end sm:col-span-3">
        <Button type="submit" loading={adjust.isPending}>
          {t("customers.applyCredits")}
        </Button>
      </div>
    </form>
  );
}
