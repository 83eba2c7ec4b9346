import { Link } from "react-router";
import { buttonClasses } from "../../components/ui/Button";
import { useT } from "../../lib/i18n";
import { useScreenTitle } from "../../lib/title";

/** The 404 screen (every unmatched path lands here). */
export default function NotFoundScreen() {
  const t = useT();
  useScreenTitle(t("notFound.title"));
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 px-6 text-center">
      <p className="text-sm font-semibold text-brand-text">{t("notFound.code")}</p>
      <h1 className="text-3xl font-semibold tracking-tight">{t("notFound.title")}</h1>
      <p className="max-w-md text-muted-foreground">{t("notFound.body")}</p>
      <Link to="/" className={buttonClasses("primary", "md")}>
        {t("notFound.home")}
      </Link>
    </main>
  );
}
