import type { Translate } from "../../lib/i18n";

/** Home's title: the greeting, by the signed-in user's first name when there is one (the screen's and the server-rendered page's). */
export function homeGreeting(t: Translate, firstName: string | null | undefined): string {
  const name = firstName?.trim();
  return name ? t("home.greeting", { name }) : t("home.greetingAnonymous");
}
