import { zodResolver } from "@hookform/resolvers/zod";
import "../../../contract/zod-messages";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useLocation, useNavigate } from "react-router";
import { z } from "zod";
import { useBoot } from "../../app/boot";
import { useStyling } from "../../app/styling";
import { identity } from "../../auth/machine";
import { Button, buttonClasses } from "../../components/ui/Button";
import { Field, Input } from "../../components/ui/FieldBase";
import { useT } from "../../lib/i18n";
import { AuthLayout } from "./AuthLayout";
import { FAILURE_KEY } from "./failure";
import { passwordRule } from "./password";
import { PASSWORD_CHANGED } from "./signInRules";
import type { MessageKey } from "../../i18n";

const schema = z
  .object({ password: passwordRule, confirm: z.string().min(1, "form.requiredField") })
  .refine((v) => v.password === v.confirm, { path: ["confirm"], message: "reset.mismatch" });
type Values = z.infer<typeof schema>;

/**
 * /reset-password?token=…: a new password (the sign-up rules), then on to
 * sign in. An expired or already used link is explained, with a way to ask
 * for a new one.
 */
export default function ResetPasswordScreen() {
  const t = useT();
  const styling = useStyling();
  const boot = useBoot();
  const navigate = useNavigate();
  const token = new URLSearchParams(useLocation().search).get("token");
  const [invalid, setInvalid] = useState(!token);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { password: "", confirm: "" } });
  const { errors, isSubmitting } = form.formState;
  const fieldError = (m?: string) => (m ? t(m as MessageKey) : null);

  const submit = form.handleSubmit(async ({ password }) => {
    setFailure(null);
    const failed = await identity().adapter.resetPassword(token ?? "", password);
    if (failed?.kind === "invalid") return setInvalid(true);
    if (failed) return setFailure(t(FAILURE_KEY[failed.kind]));
    // Every session of the account has ended; the store learns it before /login's guard looks.
    await identity().refresh();
    // On a partner's domain sign-in is the main domain's: the notice goes along in the address.
    if (boot.mode === "satellite") void navigate(`/login?notice=${PASSWORD_CHANGED}`, { replace: true });
    else void navigate("/login", { replace: true, state: { notice: PASSWORD_CHANGED } });
  });

  if (invalid) {
    return (
      <AuthLayout title={t("reset.invalidTitle")}>
        <p role="alert" className="mb-6">
          {t("reset.invalidBody")}
        </p>
        <Link to="/forgot-password" className={buttonClasses("primary", "md", "w-full")}>
          {t("reset.requestNew")}
        </Link>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={t("reset.title")} subtitle={t("reset.subtitle", { platform: styling.platformName })}>
      <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-4">
        <Field label={t("reset.newPassword")} required hint={t("auth.passwordHint")} error={fieldError(errors.password?.message)}>
          <Input type="password" autoComplete="new-password" {...form.register("password")} />
        </Field>
        <Field label={t("reset.confirmPassword")} required error={fieldError(errors.confirm?.message)}>
          <Input type="password" autoComplete="new-password" {...form.register("confirm")} />
        </Field>
        {failure ? (
          <p role="alert" className="rounded-md border border-danger/40 bg-danger/10 px-3 py-2 text-sm text-danger">
            {failure}
          </p>
        ) : null}
        <Button type="submit" loading={isSubmitting} className="w-full">
          {t("reset.submit")}
        </Button>
      </form>
    </AuthLayout>
  );
}
