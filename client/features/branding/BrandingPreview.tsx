import { useEffect, type CSSProperties } from "react";
import { setFontFaces } from "../../app/apply-styling";
import { cn } from "../../lib/cn";
import { brandVariables } from "../../../contract/branding";
import type { Styling } from "../../../contract/styling";
import { useT } from "../../lib/i18n";

const PREVIEW_FONT_ID = "preview-font";

const rgb = (triple: string | undefined) => (triple ? `rgb(${triple})` : undefined);

/**
 * What the partner's people will see, drawn from the values being edited
 * (not yet saved): the sign-in card over the login background and the home
 * hero. Colours come through the same conversion as the live page
 * (contract/branding.ts), so the preview matches what saving will apply.
 */
export function BrandingPreview({ styling }: { styling: Styling }) {
  const t = useT();
  const v = brandVariables(styling);
  // The font being tried out loads too (only its own files, once picked); the page keeps its saved one.
  useEffect(() => setFontFaces(PREVIEW_FONT_ID, styling.fontFamily), [styling.fontFamily]);
  useEffect(() => () => setFontFaces(PREVIEW_FONT_ID, null), []);
  const font = v["--brand-font"];
  const loginLogo = styling.logo && styling.showLogoOnLogin ? styling.logo.uri : null;
  const gradient = `linear-gradient(135deg, ${rgb(v["--gradient-1"])}, ${rgb(v["--gradient-2"])})`;
  const login = styling.loginBackground ? `url("${styling.loginBackground.uri}") center / cover, ${gradient}` : gradient;
  const hero = styling.homepageHeroBackground ? `url("${styling.homepageHeroBackground.uri}") center / cover, ${gradient}` : gradient;

  return (
    <div className="grid gap-6" style={{ fontFamily: font }}>
      <figure className="grid gap-2">
        <figcaption className="text-sm font-medium text-muted-foreground">{t("branding.preview.login")}</figcaption>
        <div data-testid="preview-login" className="flex min-h-56 items-center justify-center rounded-xl p-6" style={{ background: login }}>
          <div className="w-full max-w-xs rounded-xl border border-border bg-card p-5 text-foreground shadow-lg">
            <div className="mb-4 flex items-center gap-2">
              {loginLogo ? <img src={loginLogo} alt="" className="h-8 w-auto max-w-32 object-contain object-left" /> : null}
              {/* As on the sign-in card: the logo says the name, else the name shows. */}
              <span
                className={cn("text-sm font-semibold text-(--preview-brand-text) dark:text-(--preview-brand-text-dark)", loginLogo && "sr-only")}
                style={{ "--preview-brand-text": rgb(v["--brand-text"]), "--preview-brand-text-dark": rgb(v["--brand-text-dark"]) } as CSSProperties}
                data-testid="preview-platform-name"
              >
                {styling.platformName}
              </span>
            </div>
            <p className="text-lg font-semibold">{t("auth.signIn.title")}</p>
            <div aria-hidden="true" className="mt-3 grid gap-2">
              <div className="h-8 rounded-md border border-input bg-background" />
              <div className="h-8 rounded-md border border-input bg-background" />
              <div
                className="flex h-8 items-center justify-center rounded-md text-xs font-medium"
                style={{ background: rgb(v["--brand"]), color: rgb(v["--brand-foreground"]) }}
              >
                {t("auth.signIn.submit")}
              </div>
            </div>
          </div>
        </div>
      </figure>
      <figure className="grid gap-2">
        <figcaption className="text-sm font-medium text-muted-foreground">{t("branding.preview.hero")}</figcaption>
        <div data-testid="preview-hero" className="flex min-h-40 flex-col justify-end rounded-xl p-6" style={{ background: hero }}>
          <p className="text-2xl font-semibold" style={{ color: rgb(v["--hero-text"]) }}>
            {t("branding.preview.heroTitle", { platform: styling.platformName })}
          </p>
          <p className="mt-1 text-sm" style={{ color: rgb(v["--gradient-text"]) }}>
            {t("branding.preview.heroSubtitle")}
          </p>
        </div>
      </figure>
    </div>
  );
}
