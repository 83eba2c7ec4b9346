import { Mail, MessageCircleQuestion } from "../../components/icons";
import { useStyling } from "../../app/styling";
import { Page } from "../../components/layout/Page";
import { buttonClasses } from "../../components/ui/Button";
import { useT } from "../../lib/i18n";

/**
 * The help page the user button's Help action opens: a title, a
 * "have a question" section and an email-us link to the partner's support
 * address; the product's own only where no partner is involved (a partner
 * without one shows no address).
 */
export default function HelpScreen() {
  const t = useT();
  const styling = useStyling();
  const email = styling.supportEmail ?? "";
  return (
    <Page title={t("help.title")}>
      <p className="max-w-prose text-muted-foreground">{t("help.intro", { platform: styling.platformName })}</p>
      <section aria-labelledby="help-question" className="mt-6 max-w-2xl rounded-xl border border-border bg-card p-6">
        <div className="flex items-start gap-4">
          <span aria-hidden="true" className="hidden size-10 shrink-0 items-center justify-center rounded-full bg-muted text-brand-text sm:flex">
            <MessageCircleQuestion className="size-5" />
          </span>
          <div className="grid gap-3">
            <h2 id="help-question" className="text-lg font-semibold">
              {t("help.question.title")}
            </h2>
            <p className="text-muted-foreground">{t("help.question.body")}</p>
            <p className="text-sm text-muted-foreground">{t("help.responseTime")}</p>
            {email ? (
              <div>
                <a href={`mailto:${email}`} className={buttonClasses("primary")} data-testid="help-email">
                  <Mail aria-hidden="true" />
                  {t("help.emailUs")}
                </a>
                <p className="mt-2 text-sm text-muted-foreground">{t("help.emailUsAt", { email })}</p>
              </div>
            ) : null}
          </div>
        </div>
      </section>
    </Page>
  );
}
