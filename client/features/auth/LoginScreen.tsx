import { lazy, Suspense, useState, type ChangeEvent, type FormEvent } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { useBoot } from "../../app/boot";
import { useStyling } from "../../app/styling";
import { identity } from "../../auth/machine";
import { Button } from "../../components/ui/Button";
import { Field, Input } from "../../components/ui/FieldBase";
import { Spinner } from "../../components/ui/Spinner";
import type { MessageKey } from "../../i18n";
import { useT } from "../../lib/i18n";
import { useHydrated } from "../../lib/useHydrated";
import { AuthLayout } from "./AuthLayout";
import { FAILURE_KEY } from "./failure";

const ClerkSignIn = lazy(() => import("../../auth/clerk").then((m) => ({ default: m.ClerkSignIn })));

/**
 * The sign-in form is the first thing most visitors load, so it keeps its two
 * fields' state itself instead of loading react-hook-form and a zod schema
 * (≈ 15 KB gzip on that first load). It behaves as react-hook-form's defaults
 * do: validated on submit, then again on every change once submitted, the
 * first invalid field focused; the messages are the same catalogue keys.
 */
type Name = "email" | "password";
type Errors = Partial<Record<Name, MessageKey>>;
const NAMES: readonly Name[] = ["email", "password"];
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const RULES: Record<Name, (value: string) => MessageKey | undefined> = {
  email: (v) => (v.trim() === "" ? "form.requiredField" : EMAIL.test(v.trim()) ? undefined : "message.invalidEmail"),
  password: (v) => (v !== "" ? undefined : "form.requiredField"),
};

function useSignInForm(onValid: (values: Record<Name, string>) => Promise<void>) {
  const [errors, setErrors] = useState<Errors>({});
  const [submitted, setSubmitted] = useState(false);
  const [isSubmitting, setSubmitting] = useState(false);

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    if (!submitted) return;
    const name = event.target.name as Name;
    const error = RULES[name](event.target.value);
    setErrors((current) => (current[name] === error ? current : { ...current, [name]: error }));
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const inputs = event.currentTarget.elements;
    const field = (name: Name) => inputs.namedItem(name) as HTMLInputElement;
    const values = { email: field("email").value, password: field("password").value };
    const found: Errors = { email: RULES.email(values.email), password: RULES.password(values.password) };
    setSubmitted(true);
    setErrors(found);
    const invalid = NAMES.find((name) => found[name]);
    if (invalid) {
      field(invalid).focus();
      return;
    }
    setSubmitting(true);
    try {
      await onValid(values);
    } finally {
      setSubmitting(false);
    }
  };

  return { errors, isSubmitting, onChange, onSubmit };
}

/** /login: the partner-branded sign-in (embedded form, or Clerk's). */
export default function LoginScreen() {
  const t = useT();
  const styling = useStyling();
  const { search, state } = useLocation() as { search: string; state: { notice?: string } | null };
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const clerk = useBoot().auth.provider === "clerk";
  const hydrated = useHydrated();
  const invited = new URLSearchParams(search).has("invite");

  const form = useSignInForm(async ({ email, password }) => {
    setFailure(null);
    const failed = await identity().adapter.signIn(email.trim(), password);
    if (failed?.kind === "unverified") {
      // The provider has mailed a new confirmation link.
      const next = `/post-auth${search}`;
      void navigate(`/verify-email?next=${encodeURIComponent(next)}`, { state: { email: email.trim() } });
      return;
    }
    if (failed) {
      setFailure(t(FAILURE_KEY[failed.kind]));
      return;
    }
    await identity().refresh();
    void navigate(`/post-auth${search}`, { replace: true });
  });

  return (
    <AuthLayout
      title={invited ? t("auth.invite.signInTitle") : t("auth.signIn.title")}
      subtitle={invited ? t("auth.invite.signInSubtitle", { platform: styling.platformName }) : t("auth.signIn.subtitle", { platform: styling.platformName })}
    >
      {clerk ? (
        <Suspense fallback={<Spinner />}>
          <ClerkSignIn />
        </Suspense>
      ) : (
        <form method="post" onSubmit={(event) => void form.onSubmit(event)} noValidate className="grid gap-4">
          {state?.notice === "passwordChanged" ? (
            <p role="status" className="rounded-md border border-border bg-muted px-3 py-2 text-sm">
              {t("auth.signIn.passwordChanged")}
            </p>
          ) : null}
          <Field label={t("auth.email")} required error={form.errors.email ? t(form.errors.email) : null}>
            <Input type="email" name="email" autoComplete="email" defaultValue="" onChange={form.onChange} />
          </Field>
          <Field label={t("auth.password")} required error={form.errors.password ? t(form.errors.password) : null}>
            <Input type="password" name="password" autoComplete="current-password" defaultValue="" onChange={form.onChange} />
          </Field>
          {failure ? (
            <p role="alert" className="rounded-md border border-danger/40 bg-danger/10 px-3 py-2 text-sm text-danger">
              {failure}
            </p>
          ) : null}
          <Button type="submit" loading={form.isSubmitting} disabled={!hydrated} className="w-full">
            {t("auth.signIn.submit")}
          </Button>
          <Link to={`/forgot-password${search}`} className="justify-self-center text-sm font-medium text-brand-text underline-offset-4 hover:underline">
            {t("auth.signIn.forgot")}
          </Link>
        </form>
      )}
      <p className="mt-6 text-center text-sm text-muted-foreground">
        {t("auth.signIn.noAccount")}{" "}
        <Link to={`/signup${search}`} className="font-medium text-brand-text underline-offset-4 hover:underline">
          {t("topBar.signUp")}
        </Link>
      </p>
    </AuthLayout>
  );
}
