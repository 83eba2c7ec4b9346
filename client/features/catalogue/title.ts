import type { Category } from "../../../contract/enums";
import { enumLabel } from "../../lib/enums";
import type { Translate } from "../../lib/i18n";

/** The catalogue's title: the category it shows, else "Workouts" (the screen's and the server-rendered page's). */
export function catalogueTitle(t: Translate, category: Category | undefined): string {
  return category ? enumLabel(t, "Category", category) : t("catalogue.title");
}
