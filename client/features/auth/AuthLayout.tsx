import type { ReactNode } from "react";
import { useStyling } from "../../app/styling";
import { useScreenTitle } from "../../lib/title";

/**
 * The frame of the sign-in and sign-up pages in the partner's look: its login
 * background (or its gradient), its logo when it asks for it on login, and
 * its platform name.
 */
export function AuthLayout({ title, subtitle, children, wide }: { title: string; subtitle?: string; children: ReactNode; wide?: boolean }) {
  const styling = useStyling();
  useScreenTitle(title);
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
          {styling.logo && styling.showLogoOnLogin ? (
            <img src={styling.logo.uri} alt="" data-testid="brand-logo" className="h-10 w-auto max-w-48 shrink-0 object-contain object-left" />
          ) : null}
          <p className="text-sm font-semibold text-brand-text" data-testid="platform-name">
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
