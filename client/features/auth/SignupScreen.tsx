import { isOneLine, NAME_MAX } from "../../../contract/forms";
import { zodResolver } from "@hookform/resolvers/zod";
import "../../../contract/zod-messages";
import { Building2, Users } from "../../components/icons";
import { lazy, Suspense, useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useLocation, useNavigate } from "react-router";
import { z } from "zod";
import { useBoot } from "../../app/boot";
import { useStyling } from "../../app/styling";
import { identity } from "../../auth/machine";
import { Button, buttonClasses } from "../../components/ui/Button";
import { Field, Input } from "../../components/ui/FieldBase";
import { Spinner } from "../../components/ui/Spinner";
import type { MessageKey } from "../../i18n";
import { useT } from "../../lib/i18n";
import { translateApiMessage } from "../../lib/api-messages";
import { toast } from "../../components/ui/toast-store";
import { useHydrated } from "../../lib/useHydrated";
import { AuthLayout } from "./AuthLayout";
import { useInviteLink } from "./invite-link";
import { FAILURE_KEY } from "./failure";
import { emailRule, passwordRule } from "./password";
import { rememberSignupType, typeInQuery, withType, type SignupType } from "./signupType";
import { focusRing } from "../../components/ui/focus-ring";
import { cn } from "../../lib/cn";

const ClerkSignUp = lazy(() => import("../../auth/clerk").then((m) => ({ default: m.ClerkSignUp })));

const schema = z.object({
  // The product's one rule for names (contract/forms.ts), which the provider checks too.
  name: z.string().trim().min(1, "form.requiredField").max(NAME_MAX, "auth.nameTooLong").refine(isOneLine, "auth.nameOneLine"),
  email: emailRule,
  password: passwordRule,
});
type Values = z.infer<typeof schema>;

/** The invite codes this page has said are not valid (once each, whatever re-renders). */
const refusedCodes = new Set<string>();
/**
 * Invite codes this page has signed up with. Signing up refreshes the session, which shows the loader in the
 * screen's place and asks about the link again: the address has an account now, its own, and the screen, mounted
 * again, must not send it to sign in (the page would leave while post-auth accepts the invite). Kept here, not in
 * the screen's state, which that remount loses.
 */
const signedUpCodes = new Set<string>();

/** The address without the named parameters: a wrong or expired invite link leaves a plain sign-up (no invite, no ticket). */
function without(search: string, ...names: string[]): string {
  const params = new URLSearchParams(search);
  for (const name of names) params.delete(name);
  const query = params.toString();
  return query ? `?${query}` : "";
}

/** Clerk's invitation ticket rides along an invite link (docs/decisions/2026-11-27-clerk-invite-ticket.md). */
const CLERK_TICKET = "__clerk_ticket";

/**
 * /signup, split: "Join the Partner Program" or "I'm a new customer", then the
 * account form. A partner's sign-up (for its domain: the main domain with its
 * redirectUrl) never recruits partners: only the customer path exists there.
 */
export default function SignupScreen() {
  const t = useT();
  const styling = useStyling();
  const boot = useBoot();
  const { search } = useLocation();
  const navigate = useNavigate();
  // An invite already decides what the account will be: the invitee joins the organisation that sent it.
  const inviteCode = new URLSearchParams(search).get("invite");
  const inviteLink = useInviteLink(inviteCode);
  const invitedEmail = inviteLink.data?.email ?? null;
  const invited = inviteCode !== null;
  const forPartner = boot.partner !== null;
  // The choice is in the address (?type=), so the server renders either step and a choice made before the script arrives is a plain link.
  const type: SignupType | null = forPartner ? "customer" : typeInQuery(search);
  const hydrated = useHydrated();
  // Onboarding, after the mailed link, reads the choice back from this tab.
  useEffect(() => {
    if (type) rememberSignupType(type);
  }, [type]);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { name: "", email: "", password: "" } });
  const { errors, isSubmitting } = form.formState;
  const clerk = boot.auth.provider === "clerk";
  const fieldError = (m?: string) => (m ? t(m as MessageKey) : null);

  // The invited address is the one the account gets: filled in, not editable.
  useEffect(() => {
    if (invitedEmail) form.setValue("email", invitedEmail);
  }, [invitedEmail, form]);
  // A wrong, used or revoked invite link is said once (SPEC §8's invalid invite code) and the sign-up goes on without it.
  const refuseInvite = () => {
    if (!inviteCode || refusedCodes.has(inviteCode)) return;
    refusedCodes.add(inviteCode);
    toast({ title: t("onboarding.inviteFailedTitle"), description: t("onboarding.invalidInvite"), variant: "error" });
    void navigate({ search: without(search, "invite", CLERK_TICKET) }, { replace: true });
  };
  useEffect(() => {
    if (inviteLink.isError) refuseInvite();
  });
  // The invited address has an account already: the link leads to its sign-in (the address filled in), which then
  // accepts the invite; on a partner's domain the server sends the sign-in on to the main domain in the partner's brand.
  // Not once this page has made the account itself (signedUpCodes).
  const toSignIn = inviteLink.data?.hasAccount === true && !(inviteCode !== null && signedUpCodes.has(inviteCode));
  useEffect(() => {
    if (!toSignIn) return;
    if (boot.mode === "satellite") location.replace(`/login${search}`);
    else void navigate(`/login${search}`, { replace: true });
  }, [toSignIn, boot.mode, search, navigate]);

  const submit = form.handleSubmit(async ({ name, email, password }) => {
    setFailure(null);
    const next = `/post-auth${search}`;
    if (inviteCode && invitedEmail) {
      // The invite link proves the address: signed in at once, no confirmation mail; post-auth joins the organisation.
      signedUpCodes.add(inviteCode);
      const outcome = await identity().adapter.signUpByInvite(inviteCode, name, invitedEmail, password);
      if (outcome !== "signedIn") signedUpCodes.delete(inviteCode);
      if (outcome === "signedIn") {
        await identity().refresh();
        void navigate(next, { replace: true });
      } else if (outcome === "invalidInvite") refuseInvite();
      else if (outcome === "otherAddress") setFailure(`${translateApiMessage("This invite was sent to another email address")}.`);
      else setFailure(t(FAILURE_KEY[outcome.kind]));
      return;
    }
    const failed = await identity().adapter.signUp(name, email.trim(), password, next);
    if (failed) {
      setFailure(t(FAILURE_KEY[failed.kind]));
      return;
    }
    // No session yet: the address is confirmed through the mailed link first.
    void navigate(`/verify-email?next=${encodeURIComponent(next)}`, { replace: true, state: { email: email.trim() } });
  });

  if (!type && !invited) {
    const options: { value: SignupType; title: string; body: string; Icon: typeof Users }[] = [
      { value: "partner", title: t("auth.signUp.partner"), body: t("auth.signUp.partnerBody"), Icon: Building2 },
      { value: "customer", title: t("auth.signUp.customer"), body: t("auth.signUp.customerBody"), Icon: Users },
    ];
    return (
      <AuthLayout title={t("auth.signUp.title")} subtitle={t("auth.signUp.choose", { platform: styling.platformName })} wide>
        <div className="grid gap-4 sm:grid-cols-2">
          {options.map(({ value, title, body, Icon }) => (
            <Link
              key={value}
              to={{ search: withType(search, value) }}
              className={cn(
                "group flex flex-col items-start gap-3 rounded-xl border border-border bg-card p-5 text-left transition hover:border-brand hover:shadow-md",
                focusRing,
              )}
            >
              <span className="grid h-10 w-10 place-items-center rounded-lg bg-brand/10 text-brand-text">
                <Icon aria-hidden="true" className="h-5 w-5" />
              </span>
              <span className="font-semibold">{title}</span>
              <span className="text-sm text-muted-foreground">{body}</span>
            </Link>
          ))}
        </div>
        <HaveAccount search={search} />
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title={
        invited ? t("auth.invite.signUpTitle") : forPartner ? t("auth.signUp.title") : type === "partner" ? t("auth.signUp.partner") : t("auth.signUp.customer")
      }
      subtitle={
        invited
          ? t("auth.invite.signUpSubtitle", { platform: styling.platformName })
          : forPartner
            ? t("auth.signUp.customerOf", { platform: styling.platformName })
            : t("auth.signUp.subtitle", { platform: styling.platformName })
      }
    >
      {invited || forPartner ? null : (
        <Link to={{ search: withType(search, null) }} className={cn(buttonClasses("link", "sm"), "-mt-4 mb-2 self-start px-0")}>
          {t("auth.signUp.change")}
        </Link>
      )}
      {clerk ? (
        <Suspense fallback={<Spinner />}>
          <ClerkSignUp next={`/post-auth${without(search, CLERK_TICKET)}`} />
        </Suspense>
      ) : invited && (!invitedEmail || toSignIn) ? (
        <div className="grid place-items-center py-8" aria-busy="true">
          <Spinner />
        </div>
      ) : (
        <form method="post" onSubmit={(e) => void submit(e)} noValidate className="grid gap-4">
          <Field label={t("auth.fullName")} required error={fieldError(errors.name?.message)}>
            <Input autoComplete="name" {...form.register("name")} />
          </Field>
          {invitedEmail ? (
            <Field label={t("auth.email")} hint={t("auth.invite.emailFixed", { inviter: inviteLink.data?.accountName ?? "" })}>
              <Input type="email" autoComplete="email" readOnly aria-readonly="true" className="bg-muted" {...form.register("email")} />
            </Field>
          ) : (
            <Field label={t("auth.email")} required error={fieldError(errors.email?.message)}>
              <Input type="email" autoComplete="email" {...form.register("email")} />
            </Field>
          )}
          <Field label={t("auth.password")} required hint={t("auth.passwordHint")} error={fieldError(errors.password?.message)}>
            <Input type="password" autoComplete="new-password" {...form.register("password")} />
          </Field>
          {failure ? (
            <p role="alert" className="rounded-md border border-danger/40 bg-danger/10 px-3 py-2 text-sm text-danger">
              {failure}
            </p>
          ) : null}
          {/* Rendered by the server, the form waits for its script: a submit before would post the page away. */}
          <Button type="submit" loading={isSubmitting} disabled={!hydrated} className="w-full">
            {t("auth.signUp.submit")}
          </Button>
        </form>
      )}
      <HaveAccount search={search} />
    </AuthLayout>
  );
}

function HaveAccount({ search }: { search: string }) {
  const t = useT();
  return (
    <p className="mt-6 text-center text-sm text-muted-foreground">
      {t("auth.signUp.haveAccount")}{" "}
      <Link to={`/login${search}`} className="font-medium text-brand-text underline-offset-4 hover:underline">
        {t("topBar.signIn")}
      </Link>
    </p>
  );
}
