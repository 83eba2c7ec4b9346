import { Plus, Trash2 } from "../../components/icons";
import { useEffect, useState, type ReactNode } from "react";
import { Controller, useFieldArray, useFormContext, useWatch, type FieldValues, type Path, type UseFormSetError } from "react-hook-form";
import { Currency, PriceType, PricingType } from "../../../contract/enums";
import {
  INVALID_PARTNER_TAN,
  WORKOUT_DEFAULTS,
  type DeliveryPartnerDto,
  type DeliveryPartnerInput,
  type PricingLineDto,
  type PricingLineInput,
} from "../../../contract/workouts";
import { Button } from "../../components/ui/Button";
import { Skeleton } from "../../components/ui/Skeleton";
import { DatePicker } from "../../components/ui/DatePicker";
import { Checkbox, Field, Input, Select } from "../../components/ui/Field";
import { useT } from "../../lib/i18n";
import { translateApiMessage } from "../../lib/api-messages";
import type { FormValues } from "../../lib/forms";
import { CustomerPicker } from "../customers/CustomerPicker";
import { usePriceGroups } from "../price-groups/api";
import { checkTan } from "./api";
import { errorAt, setFieldErrors } from "../../lib/forms";
import { EnumSelect } from "../../components/ui/EnumSelect";

// ─── Form rows (strings while editing; converted to the contract's shapes on save) ──

/** A pricing line as the editor's inputs hold it (the amount in major units, e.g. dollars, for value lines). */
export type PricingRow = FormValues<PricingLineInput>;

/** A delivery partner as the editor's inputs hold it. */
export type PartnerRow = FormValues<DeliveryPartnerInput>;

export const emptyPricing = (currency: string): PricingRow => ({
  name: "",
  priceType: "allCustomers",
  customerAccountId: "",
  priceGroupId: "",
  pricingType: "value",
  onPlan: false,
  currency,
  amount: "",
  startDate: null,
  endDate: null,
});

export const emptyPartner = (): PartnerRow => ({ partnerTan: "", name: "", selectionPercent: "", startDate: null, endDate: null, visibleToPartners: false });

export const pricingRow = (l: PricingLineDto): PricingRow => ({
  name: l.name,
  priceType: l.priceType,
  customerAccountId: l.customerAccountId ?? "",
  priceGroupId: l.priceGroupId ?? "",
  pricingType: l.pricingType,
  onPlan: l.onPlan,
  currency: l.currency,
  amount: l.pricingType === "value" ? (l.amount / 100).toFixed(2) : String(l.amount),
  startDate: l.startDate,
  endDate: l.endDate,
});

export const partnerRow = (d: DeliveryPartnerDto): PartnerRow => ({
  partnerTan: d.partnerTan,
  name: d.name,
  selectionPercent: String(d.selectionPercent),
  startDate: d.startDate,
  endDate: d.endDate,
  visibleToPartners: d.visibleToPartners,
});

/** Amount as the API stores it: credits, or integer minor units for money. */
function amountOut(row: PricingRow): number | string {
  if (row.amount.trim() === "") return "";
  const n = Number(row.amount);
  if (!Number.isFinite(n)) return row.amount;
  return row.pricingType === "value" ? Math.round(n * 100) : n;
}

export const pricingOut = (rows: PricingRow[]) =>
  rows.map((r) => ({
    ...r,
    customerAccountId: r.priceType === "customer" ? r.customerAccountId || null : null,
    priceGroupId: r.priceType === "customerPriceGroup" ? r.priceGroupId || null : null,
    amount: amountOut(r),
  }));

export const partnersOut = (rows: PartnerRow[]) =>
  rows.map((r) => ({
    ...r,
    name: r.name || null,
    selectionPercent: r.selectionPercent.trim() === "" ? WORKOUT_DEFAULTS.selectionPercent : r.selectionPercent,
  }));

// ─── Small parts ─────────────────────────────────────────────────────────────

/** A section of an editor: a titled card. */
export function Section({
  id,
  title,
  description,
  children,
  actions,
}: {
  id: string;
  title: string;
  description?: string;
  children: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="rounded-xl border border-border bg-card p-6">
      <div className="mb-4 flex flex-wrap items-start justify-between gap-2">
        <div>
          <h2 id={id} className="text-lg font-semibold">
            {title}
          </h2>
          {description ? <p className="text-sm text-muted-foreground">{description}</p> : null}
        </div>
        {actions}
      </div>
      {children}
    </section>
  );
}

/** The message of a field error (or a list's own) in the current language. */
export function useFieldError<T extends FieldValues>() {
  const { formState } = useFormContext<T>();
  return (name: Path<T>) => {
    const m = errorAt(formState.errors, name);
    return m ? translateApiMessage(m) : null;
  };
}

/** A date (YYYY-MM-DD or null) bound to the form. */
export function DateField<T extends FieldValues>({ name, label, min, hint }: { name: Path<T>; label: string; min?: string; hint?: string }) {
  const { control } = useFormContext<T>();
  const error = useFieldError<T>();
  return (
    <Field label={label} hint={hint} optional error={error(name)}>
      <Controller
        control={control}
        name={name}
        render={({ field }) => <DatePicker ref={field.ref} value={field.value ?? null} onChange={field.onChange} min={min} clearable />}
      />
    </Field>
  );
}

type PricingForm = { pricing: PricingRow[]; deliveryPartners: PartnerRow[] };

/** Pricing lines (base or custom): whom they apply to, credits or money, dates. */
export function PricingLinesEditor({ currency }: { currency: string }) {
  const t = useT();
  const { control, register } = useFormContext<PricingForm>();
  const { fields, append, remove } = useFieldArray({ control, name: "pricing" });
  const rows = useWatch({ control, name: "pricing" }) ?? [];
  const error = useFieldError<PricingForm>();
  const groups = usePriceGroups();
  return (
    <div className="grid gap-4">
      {fields.length === 0 ? <p className="text-sm text-muted-foreground">{t("editor.pricing.none")}</p> : null}
      {fields.map((f, i) => {
        const row = rows[i] ?? f;
        return (
          <fieldset key={f.id} className="grid gap-3 rounded-lg border border-border p-4 sm:grid-cols-3">
            <legend className="px-1 text-sm font-medium">{t("editor.pricing.line", { n: i + 1 })}</legend>
            <Field label={t("editor.pricing.name")} required error={error(`pricing.${i}.name`)}>
              <Input {...register(`pricing.${i}.name`)} />
            </Field>
            <Field label={t("editor.pricing.priceType")} required error={error(`pricing.${i}.priceType`)}>
              <EnumSelect enumName="PriceType" values={PriceType} {...register(`pricing.${i}.priceType`)} />
            </Field>
            {row.priceType === "customer" ? (
              <Field label={t("editor.pricing.customer")} required error={error(`pricing.${i}.customerAccountId`)}>
                <Controller
                  control={control}
                  name={`pricing.${i}.customerAccountId`}
                  render={({ field }) => <CustomerPicker name={field.name} value={field.value ?? ""} onChange={(id) => field.onChange(id)} />}
                />
              </Field>
            ) : row.priceType === "customerPriceGroup" ? (
              <Field label={t("editor.pricing.priceGroup")} required error={error(`pricing.${i}.priceGroupId`)}>
                {/* The select starts with its options: one mounted before them would show no choice for the line's group. */}
                {groups.isPending ? (
                  <Skeleton className="h-10" />
                ) : (
                  <Select {...register(`pricing.${i}.priceGroupId`)} placeholder={t("common.select")}>
                    {(groups.data ?? []).map((g) => (
                      <option key={g.id} value={g.id}>
                        {g.name}
                      </option>
                    ))}
                  </Select>
                )}
              </Field>
            ) : (
              <div />
            )}
            <Field label={t("editor.pricing.pricingType")} required error={error(`pricing.${i}.pricingType`)}>
              <EnumSelect enumName="PricingType" values={PricingType} {...register(`pricing.${i}.pricingType`)} />
            </Field>
            <Field label={t("editor.pricing.currency")} required error={error(`pricing.${i}.currency`)}>
              <EnumSelect enumName="Currency" values={Currency} label={(c) => c} {...register(`pricing.${i}.currency`)} />
            </Field>
            <Field
              label={row.pricingType === "unit" ? t("editor.pricing.credits") : t("editor.pricing.amount", { currency: row.currency })}
              required
              error={error(`pricing.${i}.amount`)}
            >
              <Input inputMode="decimal" {...register(`pricing.${i}.amount`)} />
            </Field>
            <Controller
              control={control}
              name={`pricing.${i}.onPlan`}
              render={({ field }) => (
                <Checkbox label={t("editor.pricing.onPlan")} checked={field.value} onCheckedChange={(v) => field.onChange(v === true)} className="self-end" />
              )}
            />
            <DateField<PricingForm> name={`pricing.${i}.startDate`} label={t("editor.startDate")} />
            <DateField<PricingForm> name={`pricing.${i}.endDate`} label={t("editor.endDate")} />
            <div className="flex items-end justify-end sm:col-span-3">
              <Button type="button" variant="ghost" size="sm" onClick={() => remove(i)}>
                <Trash2 aria-hidden="true" />
                {t("editor.pricing.remove", { n: i + 1 })}
              </Button>
            </div>
          </fieldset>
        );
      })}
      <div>
        <Button type="button" variant="outline" onClick={() => append(emptyPricing(currency))}>
          <Plus aria-hidden="true" />
          {t("editor.pricing.add")}
        </Button>
      </div>
    </div>
  );
}

/** A TAN's live state: pending while unchecked, the partner's name, or invalid. */
function useTanState(tan: string): { state: "empty" | "pending" | "valid" | "invalid" | "unchecked"; name: string | null } {
  const [result, setResult] = useState<{ tan: string; valid: boolean | null; name: string | null } | null>(null);
  useEffect(() => {
    const v = tan.trim();
    if (!/^\d{6}$/.test(v)) return;
    let live = true;
    const timer = setTimeout(() => {
      checkTan(v)
        .then((r) => live && setResult({ tan: v, valid: r.valid, name: r.name }))
        // The live check only helps: when it fails, the save checks the TAN and says what is wrong.
        .catch(() => live && setResult({ tan: v, valid: null, name: null }));
    }, 300);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [tan]);
  const v = tan.trim();
  if (!v) return { state: "empty", name: null };
  if (!/^\d{6}$/.test(v)) return { state: v.length >= 6 ? "invalid" : "pending", name: null };
  if (!result || result.tan !== v) return { state: "pending", name: null };
  if (result.valid === null) return { state: "unchecked", name: null };
  return result.valid ? { state: "valid", name: result.name } : { state: "invalid", name: null };
}

function PartnerTan({ index }: { index: number }) {
  const t = useT();
  const { register, control } = useFormContext<PricingForm>();
  const tan = useWatch({ control, name: `deliveryPartners.${index}.partnerTan` }) ?? "";
  const error = useFieldError<PricingForm>();
  const live = useTanState(tan);
  const serverError = error(`deliveryPartners.${index}.partnerTan`);
  const message = live.state === "invalid" ? translateApiMessage(INVALID_PARTNER_TAN) : live.state === "valid" ? null : serverError;
  return (
    <Field
      label={t("editor.partners.tan")}
      required
      error={message}
      hint={live.state === "pending" ? t("message.tanPending") : live.state === "valid" ? t("editor.partners.found", { name: live.name ?? "" }) : undefined}
    >
      <Input inputMode="numeric" autoComplete="off" maxLength={6} {...register(`deliveryPartners.${index}.partnerTan`)} />
    </Field>
  );
}

/** Delivery partners by TAN (checked live), selection percent, dates, visible-to-partners. */
export function DeliveryPartnersEditor() {
  const t = useT();
  const { control, register } = useFormContext<PricingForm>();
  const { fields, append, remove } = useFieldArray({ control, name: "deliveryPartners" });
  const error = useFieldError<PricingForm>();
  return (
    <div className="grid gap-4">
      {fields.length === 0 ? <p className="text-sm text-muted-foreground">{t("editor.partners.none")}</p> : null}
      {fields.map((f, i) => (
        <fieldset key={f.id} className="grid gap-3 rounded-lg border border-border p-4 sm:grid-cols-3">
          <legend className="px-1 text-sm font-medium">{t("editor.partners.entry", { n: i + 1 })}</legend>
          <PartnerTan index={i} />
          <Field label={t("editor.partners.name")} optional error={error(`deliveryPartners.${i}.name`)}>
            <Input {...register(`deliveryPartners.${i}.name`)} />
          </Field>
          <Field label={t("editor.partners.selectionPercent")} error={error(`deliveryPartners.${i}.selectionPercent`)}>
            <Input inputMode="numeric" placeholder={String(WORKOUT_DEFAULTS.selectionPercent)} {...register(`deliveryPartners.${i}.selectionPercent`)} />
          </Field>
          <DateField<PricingForm> name={`deliveryPartners.${i}.startDate`} label={t("editor.startDate")} />
          <DateField<PricingForm> name={`deliveryPartners.${i}.endDate`} label={t("editor.endDate")} />
          <Controller
            control={control}
            name={`deliveryPartners.${i}.visibleToPartners`}
            render={({ field }) => (
              <Checkbox
                label={t("editor.partners.visibleToPartners")}
                checked={field.value}
                onCheckedChange={(v) => field.onChange(v === true)}
                className="self-end"
              />
            )}
          />
          <div className="flex justify-end sm:col-span-3">
            <Button type="button" variant="ghost" size="sm" onClick={() => remove(i)}>
              <Trash2 aria-hidden="true" />
              {t("editor.partners.remove", { n: i + 1 })}
            </Button>
          </div>
        </fieldset>
      ))}
      <div>
        <Button type="button" variant="outline" onClick={() => append(emptyPartner())}>
          <Plus aria-hidden="true" />
          {t("editor.partners.add")}
        </Button>
      </div>
    </div>
  );
}

/** Sets every zod issue (or server field) on the form; answers whether any was set. */
export function applyFieldErrors<T extends FieldValues>(setError: UseFormSetError<T>, fields: Record<string, string>, strip = /^details\./): boolean {
  return setFieldErrors(setError, fields, strip);
}
