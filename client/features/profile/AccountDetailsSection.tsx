import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useState } from "react";
import { useLocation } from "react-router";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { AccountDetails, ImageTypes, MAX_UPLOAD_BYTES, missingDetails, type AccountDto } from "../../../contract/accounts";
import { AccountLocation, Currency, Industry, Language, OrgSize } from "../../../contract/enums";
import { LeaveGuard } from "../../app/shell/LeaveGuard";
import { identity } from "../../auth/machine";
import { Button } from "../../components/ui/Button";
import { EnumSelect } from "../../components/ui/EnumSelect";
import { Field, Input } from "../../components/ui/Field";
import { FileUpload } from "../../components/ui/FileUpload";
import { toast, toastMessage } from "../../components/ui/toast-store";
import { ApiError } from "../../lib/api";
import { useT } from "../../lib/i18n";
import { TimeZonePicker } from "../../components/ui/TimeZonePicker";
import { useTimeZone } from "../../lib/dates";
import { fetchCurrencyChange, useSavePartnerTimeZone, useUpdateProfile } from "./api";
import { ConfirmCurrencyChange, currencyRefusalText, CustomersKeepingCurrency } from "./CurrencyChange";
import type { CurrencyChangeDto } from "../../../contract/currency";
import { translateMessage } from "./messages";
import { Section } from "./Section";
import { DETAIL_LABELS, detailFieldId } from "../accounts/details";
import { setFieldErrors, toastInvalidForm } from "../../lib/forms";

type Values = z.input<typeof AccountDetails>;

function defaults(a: AccountDto): Values {
  return {
    name: a.name,
    website: a.website ?? "",
    industry: (a.industry ?? "") as Values["industry"],
    size: (a.size ?? "") as Values["size"],
    primaryEmail: a.primaryEmail ?? "",
    currency: a.currency,
    location: (a.location ?? "") as Values["location"],
    language: a.language,
  };
}

/** Profile → Account Details: the Account fields, editable by owners and admins. */
export function AccountDetailsSection({ account, canEdit }: { account: AccountDto; canEdit: boolean }) {
  const t = useT();
  const save = useUpdateProfile(account.id);
  const [logo, setLogo] = useState<File | null>(null);
  const [logoError, setLogoError] = useState<string | null>(null);
  const form = useForm<Values>({ resolver: zodResolver(AccountDetails), defaultValues: defaults(account) });
  const { errors, isDirty, isSubmitting } = form.formState;
  const err = (m?: string) => (m ? translateMessage(m) : null);
  const partnersCurrency = account.type === "customer" && account.parentAccountId !== null;
  useFocusFromHash();

  // A partner's new currency is confirmed first, with what it does to its customers (CurrencyChange.tsx).
  const [confirming, setConfirming] = useState<{ values: Values; change: CurrencyChangeDto } | null>(null);
  const refuse = (description: string) => {
    form.setError("currency", { message: description });
    toast({ title: t("profile.currencyChange.refusedTitle"), description, variant: "error" });
  };

  const saveDetails = async (values: Values) => {
    try {
      const updated = await save.mutateAsync({ data: AccountDetails.parse(values), logo });
      form.reset(defaults(updated));
      setLogo(null);
      toast({ title: t("profile.accountSaved"), variant: "success" });
      // Re-reads the active account for the shell (name, logo); the save itself has succeeded either way.
      identity()
        .setActiveAccount(updated.id)
        .catch(() => {});
    } catch (e) {
      if (e instanceof ApiError && e.status === 400) {
        setFieldErrors(form.setError, e.fields);
        return toastInvalidForm(e.fields);
      }
      // A price group priced only in the old currency meanwhile: the server's words name it.
      if (e instanceof ApiError && e.status === 409) return refuse(e.message);
      toastMessage("toast.accountUpdateFailed", { variant: "error" });
    }
  };

  const submit = form.handleSubmit(
    async (values) => {
      if (logo && !(ImageTypes as readonly string[]).includes(logo.type)) return setLogoError(t("message.fileType"));
      if (logo && logo.size > MAX_UPLOAD_BYTES) return setLogoError(t("message.fileTooLarge"));
      setLogoError(null);
      const currency = AccountDetails.shape.currency.parse(values.currency);
      if (account.type !== "partner" || currency === account.currency) return saveDetails(values);
      const change = await fetchCurrencyChange(account.id, currency).catch(() => null);
      if (!change) return void toastMessage("toast.accountUpdateFailed", { variant: "error" });
      if (change.priceGroups.length) return refuse(currencyRefusalText(t, change));
      setConfirming({ values, change });
    },
    (errors) => toastInvalidForm(errors),
  );

  return (
    <Section id="account-details" title={t("profile.accountDetails")}>
      <LeaveGuard when={(isDirty || Boolean(logo)) && !isSubmitting} />
      {account.tan ? (
        <div className="mb-6 rounded-lg border border-border bg-muted/40 p-4">
          <p className="text-sm text-muted-foreground">{t("profile.tan")}</p>
          <p data-testid="account-tan" className="mt-1 font-mono text-lg font-semibold tracking-widest">
            {account.tan}
          </p>
          <p className="mt-1 text-xs text-muted-foreground">{t("profile.tanHint")}</p>
        </div>
      ) : null}
      {canEdit ? <CompleteDetailsPrompt account={account} /> : null}
      <form onSubmit={(e) => void submit(e)} noValidate aria-label={t("profile.accountDetails")}>
        <fieldset disabled={!canEdit} className="grid gap-4 sm:grid-cols-2">
          <legend className="sr-only">{t("profile.accountDetails")}</legend>
          <Field label={t("profile.name")} required error={err(errors.name?.message)}>
            <Input autoComplete="organization" {...form.register("name")} />
          </Field>
          <Field id={detailFieldId("website")} label={t("profile.website")} required error={err(errors.website?.message)}>
            <Input inputMode="url" placeholder="example.com" {...form.register("website")} />
          </Field>
          <Field id={detailFieldId("industry")} label={t("profile.industry")} required error={err(errors.industry?.message)}>
            <EnumSelect enumName="Industry" values={Industry} placeholder={t("common.select")} {...form.register("industry")} />
          </Field>
          <Field id={detailFieldId("size")} label={t("profile.size")} required error={err(errors.size?.message)}>
            <EnumSelect enumName="OrgSize" values={OrgSize} label={(v) => v} placeholder={t("common.select")} {...form.register("size")} />
          </Field>
          <Field id={detailFieldId("primaryEmail")} label={t("profile.primaryEmail")} required error={err(errors.primaryEmail?.message)}>
            <Input type="email" autoComplete="email" {...form.register("primaryEmail")} />
          </Field>
          {partnersCurrency ? (
            // A linked customer pays in its partner's currency: shown, not chosen (the server keeps it).
            <Field label={t("profile.currency")} hint={t("profile.currencyFromPartner")}>
              <Input readOnly value={account.currency} data-testid="account-currency" />
            </Field>
          ) : (
            <Field label={t("profile.currency")} required error={err(errors.currency?.message)}>
              <EnumSelect enumName="Currency" values={Currency} label={(v) => v} {...form.register("currency")} />
            </Field>
          )}
          <Field id={detailFieldId("location")} label={t("profile.location")} required error={err(errors.location?.message)}>
            <EnumSelect enumName="AccountLocation" values={AccountLocation} placeholder={t("common.select")} {...form.register("location")} />
          </Field>
          <Field label={t("profile.language")} required error={err(errors.language?.message)}>
            <EnumSelect enumName="Language" values={Language} {...form.register("language")} />
          </Field>
          <Field label={t("profile.logo")} optional hint={t("form.uploadHint")} error={logoError} className="sm:col-span-2">
            <FileUpload accept={ImageTypes.join(",")} currentUrl={account.logo?.uri} onFile={setLogo} resetKey={account.logo?.uri} />
          </Field>
        </fieldset>
        {canEdit ? (
          <div className="mt-6 flex justify-end">
            <Button type="submit" loading={isSubmitting}>
              {t("common.saveChanges")}
            </Button>
          </div>
        ) : (
          <p className="mt-4 text-sm text-muted-foreground">{t("profile.adminsOnly")}</p>
        )}
      </form>
      {account.type === "partner" && canEdit ? <CustomersKeepingCurrency account={account} /> : null}
      {account.type === "partner" ? <PartnerTimeZone account={account} canEdit={canEdit} /> : null}
      {confirming ? (
        <ConfirmCurrencyChange
          change={confirming.change}
          loading={save.isPending}
          onCancel={() => setConfirming(null)}
          onConfirm={async () => {
            await saveDetails(confirming.values);
            setConfirming(null);
          }}
        />
      ) : null}
    </Section>
  );
}

/**
 * Arriving from Home's "complete your details" card (`#detail-<field>`), the
 * field named is scrolled to and focused, as a same-page anchor would be.
 */
function useFocusFromHash() {
  const { hash } = useLocation();
  useEffect(() => {
    if (!hash.startsWith("#detail-")) return;
    const field = document.getElementById(hash.slice(1));
    field?.scrollIntoView({ block: "center" });
    field?.focus({ preventScroll: true });
  }, [hash]);
}

/** A partner's own zone: its slot forms read times in it, and mail to its staff without a zone of their own uses it. */
function PartnerTimeZone({ account, canEdit }: { account: AccountDto; canEdit: boolean }) {
  const t = useT();
  const save = useSavePartnerTimeZone(account.id);
  const fallback = useTimeZone();
  const choose = (zone: string) =>
    save.mutate(zone, {
      onSuccess: () => toast({ title: t("profile.timeZoneSaved"), variant: "success" }),
      onError: () => toast({ title: t("message.generic"), variant: "error" }),
    });
  return (
    <div className="mt-6 max-w-md" data-testid="partner-time-zone">
      <TimeZonePicker
        value={account.timeZone ?? fallback}
        onChange={choose}
        label={t("profile.partnerTimeZone")}
        hint={t("profile.partnerTimeZoneHint")}
        disabled={!canEdit || save.isPending}
      />
    </div>
  );
}

/**
 * The gentle prompt for what onboarding did not ask: the organisation's
 * details still empty, named, above the form that sets them
 * (docs/decisions/2026-11-27-onboarding-asks-the-minimum.md).
 */
function CompleteDetailsPrompt({ account }: { account: AccountDto }) {
  const t = useT();
  const missing = missingDetails(account).map((field) => t(DETAIL_LABELS[field]).toLowerCase());
  if (missing.length === 0) return null;
  const fields = missing.join(", ");
  return (
    <p role="status" data-testid="complete-details" className="mb-6 rounded-lg bg-status-info p-4 text-sm text-status-info-foreground">
      {account.type === "partner" ? t("profile.completeDetailsPartner", { fields }) : t("profile.completeDetails", { fields })}
    </p>
  );
}
