import type { ReactNode } from "react";
import { useStyling } from "../../app/styling";
import { logoPlate } from "../../components/ui/logo-plate";
import { cn } from "../../lib/cn";
import { useScreenTitle } from "../../lib/title";

/**
 * The frame of the sign-in and sign-up pages in the partner's look: its login
 * background (or its gradient), and its logo when it asks for it on login,
 * else its platform name: the logo says the name (the subtitle names the
 * platform too), so the card does not print it twice; it stays the card's
 * text for screen readers.
 */
export function AuthLayout({ title, subtitle, children, wide }: { title: string; subtitle?: string; children: ReactNode; wide?: boolean }) {
  const styling = useStyling();
  useScreenTitle(title);
  const logo = styling.logo && styling.showLogoOnLogin ? styling.logo.uri : null;
  const background = styling.loginBackground ? { backgroundImage: `url("${styling.loginBackground.uri}")` } : undefined;
  return (
    <main
      className="flex min-h-screen items-center justify-center bg-gradient-to-br from-gradient-1 to-gradient-2 bg-cover bg-center p-4 sm:p-6"
      style={background}
    >
      <section
        className={`w-full ${wide ? "max-w-2xl" : "max-w-md"} rounded-2xl border border-border bg-card p-6 text-foreground shadow-xl sm:p-8`}
        aria-labelledby="auth-title"
      >
        <div className="mb-6 flex items-center gap-3">
          {logo ? (
            <img src={logo} alt="" data-testid="brand-logo" className={cn("h-10 w-auto max-w-48 min-w-0 object-contain object-left", logoPlate)} />
          ) : null}
          <p className={cn("text-sm font-semibold text-brand-text", logo && "sr-only")} data-testid="platform-name">
            {styling.platformName}
          </p>
        </div>
        <h1 id="auth-title" className="text-2xl font-semibold tracking-tight">
          {title}
        </h1>
        {subtitle ? <p className="mt-1 text-sm text-muted-foreground">{subtitle}</p> : null}
        <div className="mt-6">{children}</div>
      </section>
    </main>
  );
}
