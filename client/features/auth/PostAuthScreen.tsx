import { useEffect, useRef, useState } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { useBoot } from "../../app/boot";
import { useStyling } from "../../app/styling";
import { clearRedirectUrl, identity, REDIRECT_KEY, storedRedirectUrl } from "../../auth/machine";
import { useAppUser } from "../../auth/useAppUser";
import { Spinner } from "../../components/ui/Spinner";
import { Button, buttonClasses } from "../../components/ui/Button";
import { useT } from "../../lib/i18n";

/**
 * /post-auth: where every sign-in and sign-up lands. On the main
 * domain, a visitor who came from a partner's domain is handed back to it
 * with a one-time token when the server allows it (the exact registered
 * origin of a connected domain, a user of that partner); a user without an
 * account there is told so and stays on the main domain. Otherwise the
 * guards take the user home or into onboarding.
 */
export default function PostAuthScreen() {
  const t = useT();
  const boot = useBoot();
  const styling = useStyling();
  const { authenticating, signedIn, user } = useAppUser();
  const navigate = useNavigate();
  const { search } = useLocation();
  const started = useRef(false);
  const [refused, setRefused] = useState<{ redirectUrl: string; host: string } | null>(null);

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
          // The server decides: only the exact registered origin of a connected
          // partner domain, and only for a user who belongs to that partner.
          const handoff = await identity()
            .adapter.createHandoff(redirectUrl)
            .catch(() => null);
          if (handoff === "notAvailable") return setRefused({ redirectUrl, host: target.host });
          if (handoff) {
            const next = new URL(handoff.url);
            if (invite) next.searchParams.set("invite", invite);
            location.assign(next.toString());
            return;
          }
        }
      }
      if (invite || (user && user.accounts.length === 0)) {
        return navigate(`/onboarding${invite ? `?invite=${encodeURIComponent(invite)}` : ""}`, { replace: true });
      }
      void navigate("/", { replace: true });
    })();
  }, [authenticating, signedIn, user, search, boot.mode, navigate]);

  if (refused) {
    const anotherAccount = () => {
      // Back here after signing in again, to try the hand-off with that account.
      try {
        sessionStorage.setItem(REDIRECT_KEY, refused.redirectUrl);
      } catch {
        /* storage unavailable: the user starts from the partner's domain again */
      }
      void identity().signOut();
    };
    return (
      <main className="flex min-h-dvh flex-col items-center justify-center gap-4 px-6 text-center" data-testid="handoff-refused">
        <h1 className="text-2xl font-semibold tracking-tight">{t("postAuth.notAvailable.title", { platform: styling.platformName })}</h1>
        <p className="max-w-md text-muted-foreground">
          {t("postAuth.notAvailable.body", { email: user?.email ?? "", platform: styling.platformName, host: refused.host })}
        </p>
        <div className="flex flex-wrap justify-center gap-2">
          <Link to="/" replace className={buttonClasses("primary")}>
            {t("postAuth.notAvailable.home")}
          </Link>
          <Button variant="outline" onClick={anotherAccount}>
            {t("postAuth.notAvailable.switch")}
          </Button>
        </div>
      </main>
    );
  }

  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4" aria-busy="true">
      <Spinner />
      <p className="text-muted-foreground">{t("postAuth.redirecting", { platform: styling.platformName })}</p>
    </main>
  );
}
