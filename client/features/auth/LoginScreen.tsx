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
import { AuthLayout } from "./AuthLayout";
import { useInvitedAddress } from "./invited-address";
import { FAILURE_KEY } from "./failure";
import { PASSWORD_CHANGED, SIGN_IN_FIELDS, SIGN_IN_RULES, signInErrors, type SignInErrors, type SignInField } from "./signInRules";

const ClerkSignIn = lazy(() => import("../../auth/clerk").then((m) => ({ default: m.ClerkSignIn })));

/**
 * The sign-in form is the first thing most visitors load, so it keeps its two
 * fields' state itself instead of loading react-hook-form and a zod schema
 * (≈ 15 KB gzip on that first load). It behaves as react-hook-form's defaults
 * do: validated on submit, then again on every change once submitted, the
 * first invalid field focused; the messages are the same catalogue keys.
 * Before the script it is a plain form post, which the Worker answers
 * (worker/ssr/login-post.ts): signed in, or this page again with the
 * refusal, which the client's first render then shows as well.
 */
function useSignInForm(onValid: (values: Record<SignInField, string>) => Promise<void>, posted: SignInErrors | undefined) {
  // A form the server refused for these rules (posted before the script) starts as after that submit.
  const [errors, setErrors] = useState<SignInErrors>(posted ?? {});
  const [submitted, setSubmitted] = useState(posted !== undefined);
  const [isSubmitting, setSubmitting] = useState(false);

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    if (!submitted) return;
    const name = event.target.name as SignInField;
    const error = SIGN_IN_RULES[name](event.target.value);
    setErrors((current) => (current[name] === error ? current : { ...current, [name]: error }));
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const inputs = event.currentTarget.elements;
    const field = (name: SignInField) => inputs.namedItem(name) as HTMLInputElement;
    const values = { email: field("email").value, password: field("password").value };
    const found = signInErrors(values);
    setSubmitted(true);
    setErrors(found);
    const invalid = SIGN_IN_FIELDS.find((name) => found[name]);
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
  const { search, state, key } = useLocation() as { search: string; state: { notice?: string } | null; key: string };
  // Sent here by a partner's domain: its server decides whether sign-up and "forgot password" happen there.
  const fromPartner = new URLSearchParams(search).has("redirectUrl");
  const navigate = useNavigate();
  const boot = useBoot();
  const clerk = boot.auth.provider === "clerk";
  // The server's refusal of a posted form belongs to the page's own entry ("default"), not to a later visit of /login.
  const posted = key === "default" ? boot.loginFailure : undefined;
  const [failure, setFailure] = useState<MessageKey | null>(posted?.kind ? FAILURE_KEY[posted.kind] : null);
  const inviteCode = new URLSearchParams(search).get("invite");
  const invited = inviteCode !== null;
  // An invite link's sign-in (its address has an account): the invited address, filled in once known.
  const invitedEmail = useInvitedAddress(inviteCode);

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
      setFailure(FAILURE_KEY[failed.kind]);
      return;
    }
    await identity().refresh();
    void navigate(`/post-auth${search}`, { replace: true });
  }, posted?.fields);

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
          {(state?.notice ?? new URLSearchParams(search).get("notice")) === PASSWORD_CHANGED ? (
            <p role="status" className="rounded-md border border-border bg-muted px-3 py-2 text-sm">
              {t("auth.signIn.passwordChanged")}
            </p>
          ) : null}
          <Field label={t("auth.email")} required error={form.errors.email ? t(form.errors.email) : null}>
            <Input
              key={invitedEmail ?? ""}
              type="email"
              name="email"
              autoComplete="email"
              defaultValue={posted?.email ?? invitedEmail ?? ""}
              onChange={form.onChange}
            />
          </Field>
          <Field label={t("auth.password")} required error={form.errors.password ? t(form.errors.password) : null}>
            <Input type="password" name="password" autoComplete="current-password" defaultValue="" onChange={form.onChange} />
          </Field>
          {failure ? (
            <p role="alert" className="rounded-md border border-danger/40 bg-danger/10 px-3 py-2 text-sm text-danger">
              {t(failure)}
            </p>
          ) : null}
          {/* Enabled before hydration too: a submit then is the plain form post the Worker answers. */}
          <Button type="submit" loading={form.isSubmitting} className="w-full">
            {t("auth.signIn.submit")}
          </Button>
          <Link
            to={`/forgot-password${search}`}
            reloadDocument={fromPartner}
            className="justify-self-center text-sm font-medium text-brand-text underline-offset-4 hover:underline"
          >
            {t("auth.signIn.forgot")}
          </Link>
        </form>
      )}
      <p className="mt-6 text-center text-sm text-muted-foreground">
        {t("auth.signIn.noAccount")}{" "}
        <Link to={`/signup${search}`} reloadDocument={fromPartner} className="font-medium text-brand-text underline-offset-4 hover:underline">
          {t("topBar.signUp")}
        </Link>
      </p>
    </AuthLayout>
  );
}
