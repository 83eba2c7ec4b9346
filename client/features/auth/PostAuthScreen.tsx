import { useEffect, useRef } from "react";
import { useLocation, useNavigate } from "react-router";
import { useBoot } from "../../app/boot";
import { useStyling } from "../../app/styling";
import { clearRedirectUrl, identity, storedRedirectUrl } from "../../auth/machine";
import { useAppUser } from "../../auth/useAppUser";
import { Spinner } from "../../components/ui/Spinner";
import { api } from "../../lib/api";
import { useT } from "../../lib/i18n";

/**
 * /post-auth (SPEC §4): where every sign-in and sign-up lands. On the main
 * domain, a visitor who came from a partner's domain is handed back to it
 * with a one-time token (only to a registered, connected domain); otherwise
 * the guards take the user home or into onboarding.
 */
export default function PostAuthScreen() {
  const t = useT();
  const boot = useBoot();
  const styling = useStyling();
  const { authenticating, signedIn, user } = useAppUser();
  const navigate = useNavigate();
  const { search } = useLocation();
  const started = useRef(false);

  useEffect(() => {
    if (authenticating || started.current) return;
    started.current = true;
    void (async () => {
      if (!signedIn) return navigate(`/login${search}`, { replace: true });
      const invite = new URLSearchParams(search).get("invite");
      const redirectUrl = boot.mode === "main" ? (new URLSearchParams(search).get("redirectUrl") ?? storedRedirectUrl()) : null;
      if (redirectUrl) {
        clearRedirectUrl();
        const target = URL.canParse(redirectUrl) ? new URL(redirectUrl) : null;
        if (target && /^https?:$/.test(target.protocol) && target.origin !== location.origin) {
          const { exists } = await api<{ exists: boolean }>("/custom-domains/exist", {
            anonymous: true,
            query: { uri: target.hostname, isSatellite: true },
          }).catch(() => ({ exists: false }));
          const token = exists ? await identity().adapter.createHandoffToken() : null;
          if (token) {
            target.searchParams.set("ott", token);
            if (invite) target.searchParams.set("invite", invite);
            location.assign(target.toString());
            return;
          }
        }
      }
      if (invite || (user && user.accounts.length === 0)) {
        return navigate(`/onboarding${invite ? `?invite=${encodeURIComponent(invite)}` : ""}`, { replace: true });
      }
      navigate("/", { replace: true });
    })();
  }, [authenticating, signedIn, user, search, boot.mode, navigate]);

  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4" aria-busy="true">
      <Spinner />
      <p className="text-muted-foreground">{t("postAuth.redirecting", { platform: styling.platformName })}</p>
    </main>
  );
}
