import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useLocation, useNavigate } from "react-router";
import { z } from "zod";
import type { VerifyOutcome } from "../../auth/adapter";
import { identity } from "../../auth/machine";
import { Button, buttonClasses } from "../../components/ui/Button";
import { Field, Input } from "../../components/ui/FieldBase";
import { Spinner } from "../../components/ui/Spinner";
import type { MessageKey } from "../../i18n";
import { useT } from "../../lib/i18n";
import { AuthLayout } from "./AuthLayout";
import { FAILURE_KEY } from "./failure";
import { emailRule, safeNext } from "./password";

/** Seconds between two resends from this screen (the server also limits per client address). */
export const RESEND_COOLDOWN_S = 60;

/**
 * /verify-email: without a token, "check your inbox" for the address just
 * signed up (or signed in unconfirmed), with a resend button on a cooldown;
 * with the token of the mailed link, confirms the address (which signs the
 * browser in) and continues to `next`, or explains an expired or invalid link
 * and offers a new one.
 */
export default function VerifyEmailScreen() {
  const { search } = useLocation();
  const params = new URLSearchParams(search);
  const token = params.get("token");
  const next = safeNext(params.get("next"));
  return token ? <Confirm token={token} next={next} /> : <CheckInbox next={next} />;
}

function useCooldown(initial: number) {
  const [left, setLeft] = useState(initial);
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);
  return [left, setLeft] as const;
}

const ResendForm = z.object({ email: emailRule });

/** The resend form: the known address, or a field for it. */
function Resend({ next, email: known, startCooled }: { next: string; email: string | null; startCooled: boolean }) {
  const t = useT();
  const [sent, setSent] = useState(false);
  const [left, setLeft] = useCooldown(startCooled ? RESEND_COOLDOWN_S : 0);
  const form = useForm<z.input<typeof ResendForm>, unknown, z.output<typeof ResendForm>>({
    resolver: zodResolver(ResendForm),
    defaultValues: { email: known ?? "" },
  });
  const { errors, isSubmitting } = form.formState;
  // The rule's messages and the failures are catalogue keys.
  const error = errors.email?.message ? t(errors.email.message as MessageKey) : null;

  const submit = form.handleSubmit(async ({ email }) => {
    const failed = await identity().adapter.resendVerification(email, next);
    if (failed) {
      form.setError("email", { message: FAILURE_KEY[failed.kind] });
      return;
    }
    setSent(true);
    setLeft(RESEND_COOLDOWN_S);
  });

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-4">
      {known ? null : (
        <Field label={t("auth.email")} required error={error}>
          <Input type="email" autoComplete="email" {...form.register("email")} />
        </Field>
      )}
      {known && error ? (
        <p role="alert" className="rounded-md border border-danger/40 bg-danger/10 px-3 py-2 text-sm text-danger">
          {error}
        </p>
      ) : null}
      <p role="status" className="text-sm text-muted-foreground">
        {sent ? t("verify.resent") : ""}
      </p>
      <Button type="submit" variant="outline" loading={isSubmitting} disabled={left > 0} className="w-full">
        {left > 0 ? t("verify.resendIn", { seconds: left }) : t("verify.resend")}
      </Button>
    </form>
  );
}

function CheckInbox({ next }: { next: string }) {
  const t = useT();
  const { state } = useLocation() as { state: { email?: string } | null };
  const email = typeof state?.email === "string" && state.email ? state.email : null;
  return (
    <AuthLayout title={t("verify.title")}>
      <p className="mb-2">{email ? t("verify.sentTo", { email }) : t("verify.sentGeneric")}</p>
      <p className="mb-6 text-sm text-muted-foreground">{t("verify.spam")}</p>
      <Resend next={next} email={email} startCooled={email !== null} />
      <BackToSignIn />
    </AuthLayout>
  );
}

function Confirm({ token, next }: { token: string; next: string }) {
  const t = useT();
  const navigate = useNavigate();
  const [outcome, setOutcome] = useState<VerifyOutcome | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void identity()
      .adapter.verifyEmail(token)
      .then(async (result) => {
        if (result === "signedIn") await identity().refresh();
        setOutcome(result);
      })
      // The address is confirmed either way; without the session read the user signs in again.
      .catch(() => setOutcome("alreadyVerified"));
  }, [token]);

  if (!outcome) {
    return (
      <AuthLayout title={t("verify.checking")}>
        <div className="flex justify-center" aria-busy="true">
          <Spinner />
        </div>
      </AuthLayout>
    );
  }
  if (outcome === "signedIn" || outcome === "alreadyVerified") {
    const signedIn = outcome === "signedIn";
    return (
      <AuthLayout title={t("verify.doneTitle")}>
        <p className="mb-6">{signedIn ? t("verify.doneBody") : t("verify.alreadyBody")}</p>
        {signedIn ? (
          <Button className="w-full" onClick={() => void navigate(next, { replace: true })}>
            {t("verify.continue")}
          </Button>
        ) : (
          <Link to="/login" className={buttonClasses("primary", "md", "w-full")}>
            {t("topBar.signIn")}
          </Link>
        )}
      </AuthLayout>
    );
  }
  if (outcome === "unreachable") {
    return (
      <AuthLayout title={t("verify.checking")}>
        <p role="alert" className="mb-6">
          {t("auth.failed.network")}
        </p>
        <Button className="w-full" onClick={() => location.reload()}>
          {t("common.tryAgain")}
        </Button>
        <BackToSignIn />
      </AuthLayout>
    );
  }
  const expired = outcome === "expired";
  return (
    <AuthLayout title={expired ? t("verify.expiredTitle") : t("verify.invalidTitle")}>
      <p role="alert" className="mb-6">
        {outcome === "rateLimited" ? t("auth.failed.rateLimited") : expired ? t("verify.expiredBody") : t("verify.invalidBody")}
      </p>
      <Resend next={next} email={null} startCooled={false} />
      <BackToSignIn />
    </AuthLayout>
  );
}

function BackToSignIn() {
  const t = useT();
  return (
    <p className="mt-6 text-center text-sm">
      <Link to="/login" className="font-medium text-brand-text underline-offset-4 hover:underline">
        {t("verify.backToSignIn")}
      </Link>
    </p>
  );
}
