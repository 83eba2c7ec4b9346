import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useLocation } from "react-router";
import { z } from "zod";
import { CreateAccountData, ImageTypes, MAX_PHOTO_BYTES, MAX_UPLOAD_BYTES } from "../../../contract/accounts";
import { AccountType, type Currency, type Language } from "../../../contract/enums";
import { useBoot } from "../../app/boot";
import { useStyling } from "../../app/styling";
import { useAppUser } from "../../auth/useAppUser";
import { LeaveGuard } from "../../app/shell/LeaveGuard";
import { Button } from "../../components/ui/Button";
import { EnumSelect } from "../../components/ui/EnumSelect";
import { Field, Input } from "../../components/ui/Field";
import { FileUpload } from "../../components/ui/FileUpload";
import { toast } from "../../components/ui/toast-store";
import { api, ApiError } from "../../lib/api";
import { browserTimeZone } from "../../lib/dates";
import { setFieldErrors, toastInvalidForm } from "../../lib/forms";
import { useLanguage, useT } from "../../lib/i18n";
import { translateApiMessage } from "../../lib/api-messages";
import { signupType } from "../auth/signupType";

/** What onboarding asks before any value: your name, the organisation's name and (on the main domain) its type; the rest later in Your Profile. */
const schema = CreateAccountData.pick({ name: true, type: true }).extend({
  firstName: z.string().trim().min(1, "Required"),
  lastName: z.string().trim().min(1, "Required"),
});
type Values = z.input<typeof schema>;

function fileProblem(file: File | null, max: number): string | null {
  if (!file) return null;
  if (!(ImageTypes as readonly string[]).includes(file.type)) return "File type is not allowed";
  if (file.size > max) return max === MAX_PHOTO_BYTES ? "Image must be under 10MB" : "File must be under 50MB";
  return null;
}

/** The organisation's language and currency until its owner says otherwise: the language the screen is in (en-GB pays in pounds). */
function startingLocale(language: Language): { language: Language; currency: Currency } {
  return { language, currency: language === "enGB" ? "GBP" : "USD" };
}

/**
 * A new account, asking the minimum before any value: your name and the
 * organisation's name (and, on the main domain, partner or customer). A photo
 * and a logo may be added now; the organisation's other details come later in
 * Your Profile, which prompts for them
 * (docs/decisions/2026-11-27-onboarding-asks-the-minimum.md).
 * On a partner's domain the organisation is that partner's customer (the
 * server links it): no account type to choose, no partner number to enter.
 */
export function CreateAccountForm({ onCreated }: { onCreated: (accountId: string) => Promise<void> }) {
  const t = useT();
  const styling = useStyling();
  const forPartner = useBoot().partner !== null;
  const { user } = useAppUser();
  const { search } = useLocation();
  const [language] = useLanguage();
  const [logo, setLogo] = useState<File | null>(null);
  const [photo, setPhoto] = useState<File | null>(null);
  const [fileErrors, setFileErrors] = useState<{ logo?: string | null; photo?: string | null }>({});
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: {
      type: forPartner ? "customer" : (signupType(search) ?? "customer"),
      firstName: user?.firstName ?? "",
      lastName: user?.lastName ?? "",
      name: "",
    },
  });
  const { errors, isSubmitting, isDirty } = form.formState;
  const err = (m?: string) => (m ? translateApiMessage(m) : null);

  const submit = form.handleSubmit(
    async ({ firstName, lastName, type, name }) => {
      const problems = { logo: fileProblem(logo, MAX_UPLOAD_BYTES), photo: fileProblem(photo, MAX_PHOTO_BYTES) };
      setFileErrors(problems);
      if (problems.logo || problems.photo) return;
      try {
        await api.post("/v1/users", { form: { data: { firstName, lastName }, files: { photo } }, accountId: null });
        const account = await api.post("/v1/accounts", {
          // A partner's zone starts as its creator's: the browser's own.
          form: { data: { name, ...startingLocale(language), type: forPartner ? "customer" : type, timeZone: browserTimeZone() }, files: { logo } },
          accountId: null,
        });
        await onCreated(account.id);
      } catch (e) {
        if (e instanceof ApiError && e.status === 400) {
          setFieldErrors(form.setError, e.fields);
          toastInvalidForm(e.fields);
        } else {
          toast({ title: t("message.generic"), variant: "error" });
        }
      }
    },
    (errors) => toastInvalidForm(errors),
  );

  return (
    <main className="min-h-screen bg-muted/40 px-4 py-10">
      <LeaveGuard when={(isDirty || Boolean(logo) || Boolean(photo)) && !isSubmitting} />
      <form
        onSubmit={(e) => void submit(e)}
        noValidate
        className="mx-auto grid w-full max-w-2xl gap-6 rounded-2xl border border-border bg-card p-6 shadow-sm sm:p-8"
      >
        <header>
          <p className="text-sm font-semibold text-brand-text">{styling.platformName}</p>
          <h1 className="mt-1 text-2xl font-semibold tracking-tight">{t("onboarding.createOrganization")}</h1>
          <p className="mt-1 text-sm text-muted-foreground">{t("onboarding.subtitle")}</p>
        </header>

        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="mb-2 text-base font-semibold">{t("onboarding.yourDetails")}</legend>
          <Field label={t("auth.firstName")} required error={err(errors.firstName?.message)}>
            <Input autoComplete="given-name" {...form.register("firstName")} />
          </Field>
          <Field label={t("auth.lastName")} required error={err(errors.lastName?.message)}>
            <Input autoComplete="family-name" {...form.register("lastName")} />
          </Field>
        </fieldset>

        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="mb-2 text-base font-semibold">{t("onboarding.organizationDetails")}</legend>
          {forPartner ? (
            <p className="text-sm text-muted-foreground sm:col-span-2" data-testid="customer-of-partner">
              {t("onboarding.customerOf", { platform: styling.platformName })}
            </p>
          ) : (
            <Field label={t("onboarding.type")} required error={err(errors.type?.message)} className="sm:col-span-2">
              <EnumSelect enumName="AccountType" values={AccountType} {...form.register("type")} />
            </Field>
          )}
          {/* As wide as the account type above it: the organisation's name is the one thing this step asks. */}
          <Field label={t("onboarding.accountName")} required error={err(errors.name?.message)} className="sm:col-span-2">
            <Input autoComplete="organization" {...form.register("name")} />
          </Field>
        </fieldset>

        {/* A photo and a logo may come now (SPEC: onboarding has both); nothing else is asked before the first value. */}
        <details className="rounded-lg border border-border p-4">
          <summary className="cursor-pointer text-sm font-medium">{t("onboarding.picturesNow")}</summary>
          <div className="mt-4 grid gap-4 sm:grid-cols-2">
            <Field
              label={t("onboarding.profilePhoto")}
              optional
              hint={t("form.profileImageHint")}
              error={fileErrors.photo ? translateApiMessage(fileErrors.photo) : null}
            >
              <FileUpload accept={ImageTypes.join(",")} onFile={setPhoto} />
            </Field>
            <Field
              label={t("onboarding.organizationLogo")}
              optional
              hint={t("form.uploadHint")}
              error={fileErrors.logo ? translateApiMessage(fileErrors.logo) : null}
            >
              <FileUpload accept={ImageTypes.join(",")} onFile={setLogo} />
            </Field>
          </div>
        </details>
        <p className="text-sm text-muted-foreground">{t("onboarding.restLater")}</p>

        <Button type="submit" loading={isSubmitting} className="justify-self-end">
          {t("onboarding.create")}
        </Button>
      </form>
    </main>
  );
}
