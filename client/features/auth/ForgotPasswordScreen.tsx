import { zodResolver } from "@hookform/resolvers/zod";
import "../../../contract/zod-messages";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useLocation } from "react-router";
import { z } from "zod";
import { identity } from "../../auth/machine";
import { Button } from "../../components/ui/Button";
import { Field, Input } from "../../components/ui/FieldBase";
import { useT } from "../../lib/i18n";
import { AuthLayout } from "./AuthLayout";
import { FAILURE_KEY } from "./failure";
import { emailRule } from "./password";
import type { MessageKey } from "../../i18n";

const schema = z.object({ email: emailRule });
type Values = z.infer<typeof schema>;

/**
 * /forgot-password: asks for the address and answers the same whether or not
 * it has an account (no enumeration); the mail carries a link to
 * /reset-password.
 */
export default function ForgotPasswordScreen() {
  const t = useT();
  const { search } = useLocation();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { email: "" } });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async ({ email }) => {
    setFailure(null);
    const failed = await identity().adapter.requestPasswordReset(email);
    if (failed) {
      setFailure(t(FAILURE_KEY[failed.kind]));
      return;
    }
    setSentTo(email);
  });

  return (
    <AuthLayout title={t("forgot.title")} subtitle={sentTo ? undefined : t("forgot.subtitle")}>
      {sentTo ? (
        <p role="status" className="rounded-md border border-border bg-muted px-3 py-2">
          {t("forgot.sent", { email: sentTo })}
        </p>
      ) : (
        <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-4">
          <Field label={t("auth.email")} required error={errors.email?.message ? t(errors.email.message as MessageKey) : null}>
            <Input type="email" autoComplete="email" {...form.register("email")} />
          </Field>
          {failure ? (
            <p role="alert" className="rounded-md border border-danger/40 bg-danger/10 px-3 py-2 text-sm text-danger">
              {failure}
            </p>
          ) : null}
          <Button type="submit" loading={isSubmitting} className="w-full">
            {t("forgot.submit")}
          </Button>
        </form>
      )}
      <p className="mt-6 text-center text-sm">
        <Link to={`/login${search}`} className="font-medium text-brand-text underline-offset-4 hover:underline">
          {t("verify.backToSignIn")}
        </Link>
      </p>
    </AuthLayout>
  );
}
