import { lazy, Suspense, useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useLocation, useNavigate } from "react-router";
import { useStyling } from "../../app/styling";
import { identity } from "../../auth/machine";
import { Button } from "../../components/ui/Button";
import { Field, Input } from "../../components/ui/Field";
import { Spinner } from "../../components/ui/Spinner";
import { useT } from "../../lib/i18n";
import { AuthLayout } from "./AuthLayout";
import { FAILURE_KEY } from "./failure";

const ClerkSignIn = lazy(() => import("../../auth/clerk").then((m) => ({ default: m.ClerkSignIn })));

/**
 * The sign-in form is the first thing most visitors load, so it validates
 * with react-hook-form's own rules rather than a zod schema (which would add
 * zod to that first load); the messages are the same catalogue keys.
 */
type Values = { email: string; password: string };
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const rules = {
  email: {
    validate: (v: string) => (v.trim() === "" ? "form.requiredField" : EMAIL.test(v.trim()) || "message.invalidEmail"),
  },
  password: { validate: (v: string) => v !== "" || "form.requiredField" },
};

/** /login: the partner-branded sign-in (embedded form, or Clerk's). */
export default function LoginScreen() {
  const t = useT();
  const styling = useStyling();
  const { search } = useLocation();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<Values>({ defaultValues: { email: "", password: "" } });
  const { errors, isSubmitting } = form.formState;
  const clerk = identity().adapter.provider === "clerk";

  const submit = form.handleSubmit(async ({ email, password }) => {
    setFailure(null);
    const failed = await identity().adapter.signIn(email.trim(), password);
    if (failed) {
      setFailure(t(FAILURE_KEY[failed.kind]));
      return;
    }
    await identity().refresh();
    navigate(`/post-auth${search}`, { replace: true });
  });

  return (
    <AuthLayout title={t("auth.signIn.title")} subtitle={t("auth.signIn.subtitle", { platform: styling.platformName })}>
      {clerk ? (
        <Suspense fallback={<Spinner />}>
          <ClerkSignIn />
        </Suspense>
      ) : (
        <form onSubmit={submit} noValidate className="grid gap-4">
          <Field label={t("auth.email")} required error={errors.email?.message ? t(errors.email.message as never) : null}>
            <Input type="email" autoComplete="email" {...form.register("email", rules.email)} />
          </Field>
          <Field label={t("auth.password")} required error={errors.password?.message ? t(errors.password.message as never) : null}>
            <Input type="password" autoComplete="current-password" {...form.register("password", rules.password)} />
          </Field>
          {failure ? (
            <p role="alert" className="rounded-md border border-danger/40 bg-danger/10 px-3 py-2 text-sm text-danger">
              {failure}
            </p>
          ) : null}
          <Button type="submit" loading={isSubmitting} className="w-full">
            {t("auth.signIn.submit")}
          </Button>
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
