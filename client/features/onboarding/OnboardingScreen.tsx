import { useCallback, useState } from "react";
import { Navigate, useLocation, useNavigate } from "react-router";
import { identity } from "../../auth/machine";
import { useAppUser } from "../../auth/useAppUser";
import { Button } from "../../components/ui/Button";
import { Spinner } from "../../components/ui/Spinner";
import { toast } from "../../components/ui/toast-store";
import { api } from "../../lib/api";
import { useT } from "../../lib/i18n";
import { useScreenTitle } from "../../lib/title";
import { CreateAccountForm } from "./CreateAccountForm";
import { acceptInvite, inviteFailureText } from "./invite";
import { useJoinState } from "./join";

/**
 * /onboarding: join an organisation that invited you, or create an
 * account (your name and photo, the organisation's details and logo). A
 * partner receives its TAN.
 */
export default function OnboardingScreen() {
  const t = useT();
  useScreenTitle(t("onboarding.createOrganization"));
  const { user } = useAppUser();
  const { search } = useLocation();
  const navigate = useNavigate();
  const inviteCode = new URLSearchParams(search).get("invite");
  // Joining by an invite link was started by the route's loader (join.ts); the screen follows it.
  const join = useJoinState(inviteCode);
  const [creating, setCreating] = useState(false);
  const finish = useCallback(
    async (accountId: string) => {
      await identity().refresh();
      await identity().setActiveAccount(accountId);
      void navigate("/", { replace: true });
    },
    [navigate],
  );
  // A failed invite code is said once, as a toast (join.ts; SPEC §8), never inline: the account form stays as it is.

  if (join?.status === "joined") return <Navigate to="/" replace />;
  if (join?.status === "joining") {
    return (
      <Centered>
        <Spinner />
        <p className="text-muted-foreground">{t("onboarding.processingInvite")}</p>
      </Centered>
    );
  }

  const invites = user?.onboardingInvites ?? [];
  if (invites.length > 0 && !creating) {
    return (
      <Centered>
        <section className="w-full max-w-lg rounded-2xl border border-border bg-card p-8 shadow-sm" aria-labelledby="invites-title">
          <h1 id="invites-title" className="text-2xl font-semibold tracking-tight">
            {t("onboarding.invites")}
          </h1>
          <p className="mt-1 text-sm text-muted-foreground">{t("onboarding.invitesBody")}</p>
          <ul className="mt-6 grid gap-3">
            {invites.map((invite) => (
              <li key={invite.id} className="flex items-center justify-between gap-4 rounded-lg border border-border p-4">
                <span className="font-medium">{invite.accountName}</span>
                <JoinButton
                  accountId={invite.accountId}
                  inviteId={invite.id}
                  label={t("onboarding.joinOrganization", { name: invite.accountName })}
                  onJoined={finish}
                />
              </li>
            ))}
          </ul>
          <Button
            variant="link"
            className="mt-6 px-0"
            onClick={() =>
              void (async () => {
                // Clearing only stops the invites being offered again; creating an account goes on either way.
                if (user?.id) await api.post("/v1/admin/users/{id}/clear-onboarding-invites", { params: { id: user.id }, accountId: null }).catch(() => {});
                setCreating(true);
              })()
            }
          >
            {t("onboarding.createInstead")}
          </Button>
        </section>
      </Centered>
    );
  }

  return <CreateAccountForm onCreated={finish} />;
}

function Centered({ children }: { children: React.ReactNode }) {
  return <main className="flex min-h-screen flex-col items-center justify-center gap-4 bg-muted/40 p-4">{children}</main>;
}

function JoinButton({ accountId, inviteId, label, onJoined }: { accountId: string; inviteId: string; label: string; onJoined: (id: string) => Promise<void> }) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      loading={busy}
      aria-label={label}
      onClick={() =>
        void (async () => {
          setBusy(true);
          try {
            await acceptInvite({ accountId, inviteId });
            await onJoined(accountId);
          } catch (error) {
            toast({ title: t("onboarding.inviteFailedTitle"), description: inviteFailureText(t, error), variant: "error" });
            setBusy(false);
          }
        })()
      }
    >
      {t("onboarding.join")}
    </Button>
  );
}
