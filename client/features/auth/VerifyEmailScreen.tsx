import { zodResolver } from "@hookform/resolvers/zod";
import "../../../contract/zod-messages";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useLocation, useNavigate } from "react-router";
import { z } from "zod";
import type { VerifyOutcome } from "../../auth/adapter";
import { identity } from "../../auth/machine";
import { useAppUserState } from "../../auth/store";
import { Button, buttonClasses } from "../../components/ui/Button";
import { Field, Input } from "../../components/ui/FieldBase";
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
 * with the token of the mailed link, asks for the password and confirms the
 * address with both (which signs the browser in, unless someone else is
 * signed in here) and continues to `next`, or explains an expired or invalid
 * link and offers a new one.
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

const ConfirmForm = z.object({ password: z.string().min(1, "form.requiredField") });

/**
 * The address a confirmation link is for and whether it has expired, read
 * from its token (the server checks both again); null for something that is
 * no confirmation link at all.
 */
function linkClaims(token: string): { email: string; expired: boolean } | null {
  try {
    const payload = JSON.parse(atob((token.split(".")[1] ?? "").replace(/-/g, "+").replace(/_/g, "/"))) as { email?: unknown; exp?: unknown };
    if (typeof payload.email !== "string") return null;
    return { email: payload.email, expired: typeof payload.exp === "number" && payload.exp * 1000 < Date.now() };
  } catch {
    return null;
  }
}

/**
 * A confirmation link: the address is confirmed only together with the
 * password the account was signed up with, so a link nobody chose the
 * password for never opens an account. Someone else signed in here stays
 * signed in; the screen says so before and after.
 */
function Confirm({ token, next }: { token: string; next: string }) {
  const t = useT();
  const navigate = useNavigate();
  const me = useAppUserState();
  const claims = linkClaims(token);
  const [outcome, setOutcome] = useState<VerifyOutcome | null>(claims ? (claims.expired ? "expired" : null) : "invalid");
  const form = useForm<z.input<typeof ConfirmForm>, unknown, z.output<typeof ConfirmForm>>({
    resolver: zodResolver(ConfirmForm),
    defaultValues: { password: "" },
  });
  const { errors, isSubmitting } = form.formState;
  const signedInAs = me.signedIn && me.user ? me.user.email : null;

  const submit = form.handleSubmit(async ({ password }) => {
    const result = await identity().adapter.verifyEmail(token, password);
    // The address is confirmed either way; without the session read the user signs in again.
    if (result === "signedIn")
      await identity()
        .refresh()
        .then(
          () => setOutcome(result),
          () => setOutcome("alreadyVerified"),
        );
    else setOutcome(result);
  });

  if (outcome === "signedIn" || outcome === "alreadyVerified" || outcome === "confirmed") {
    return (
      <AuthLayout title={t("verify.doneTitle")}>
        <p className="mb-6">
          {outcome === "signedIn"
            ? t("verify.doneBody")
            : outcome === "confirmed"
              ? t("verify.confirmedOtherBody", { email: signedInAs ?? "" })
              : t("verify.alreadyBody")}
        </p>
        {outcome === "signedIn" ? (
          <Button className="w-full" onClick={() => void navigate(next, { replace: true })}>
            {t("verify.continue")}
          </Button>
        ) : outcome === "confirmed" ? (
          <Link to="/" className={buttonClasses("primary", "md", "w-full")}>
            {t("verify.continue")}
          </Link>
        ) : (
          <Link to="/login" className={buttonClasses("primary", "md", "w-full")}>
            {t("topBar.signIn")}
          </Link>
        )}
      </AuthLayout>
    );
  }
  if (outcome === "expired" || outcome === "invalid") {
    const expired = outcome === "expired";
    return (
      <AuthLayout title={expired ? t("verify.expiredTitle") : t("verify.invalidTitle")}>
        <p role="alert" className="mb-6">
          {expired ? t("verify.expiredBody") : t("verify.invalidBody")}
        </p>
        <Resend next={next} email={null} startCooled={false} />
        <BackToSignIn />
      </AuthLayout>
    );
  }
  const failure =
    outcome === "wrongPassword"
      ? t("verify.wrongPassword")
      : outcome === "rateLimited"
        ? t("auth.failed.rateLimited")
        : outcome === "unreachable"
          ? t("auth.failed.network")
          : null;
  return (
    <AuthLayout title={t("verify.passwordTitle")}>
      {signedInAs ? (
        <p role="status" className="mb-4 rounded-md border border-border bg-muted px-3 py-2 text-sm">
          {t("verify.otherUser", { email: signedInAs })}
        </p>
      ) : null}
      <p className="mb-6">{t("verify.passwordBody", { email: claims?.email ?? "" })}</p>
      <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-4">
        <Field label={t("auth.password")} required error={errors.password?.message ? t(errors.password.message as MessageKey) : null}>
          <Input type="password" autoComplete="current-password" {...form.register("password")} />
        </Field>
        {failure ? (
          <div role="alert" className="rounded-md border border-danger/40 bg-danger/10 px-3 py-2 text-sm text-danger">
            <p>{failure}</p>
            {outcome === "wrongPassword" ? (
              <Link to="/forgot-password" className="mt-2 inline-block font-medium underline underline-offset-4">
                {t("verify.setNewPassword")}
              </Link>
            ) : null}
          </div>
        ) : null}
        <Button type="submit" loading={isSubmitting} className="w-full">
          {t("verify.submit")}
        </Button>
      </form>
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
