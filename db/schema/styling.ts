/**
 * A partner's branding (one row per account). Colours are validated hex strings
 * such as '#1f6feb' (only hex reaches CSS); images are R2 keys.
 */
import { sqliteTable, text, integer } from "drizzle-orm/sqlite-core";
import { FitScoreVariant, FontFamily } from "../../contract/enums";
import { accounts } from "./accounts";
import { id, timestamps } from "./columns";

export const stylings = sqliteTable("stylings", {
  id: id(),
  accountId: text("account_id")
    .notNull()
    .unique()
    .references(() => accounts.id, { onDelete: "cascade" }),
  brandColour: text("brand_colour"),
  gradientColourOne: text("gradient_colour_one"),
  gradientColourTwo: text("gradient_colour_two"),
  lightGradientTextColour: text("light_gradient_text_colour"),
  lightHeroTextColour: text("light_hero_text_colour"),
  fontFamily: text("font_family", { enum: FontFamily }),
  /** At most 20 characters. */
  platformName: text("platform_name"),
  logoKey: text("logo_key"),
  /** R2 key of the partner's square mark (small places, favicon); PNG or WebP, about square. */
  markKey: text("mark_key"),
  homepageHeroBackgroundKey: text("homepage_hero_background_key"),
  loginBackgroundKey: text("login_background_key"),
  showLogoOnLogin: integer("show_logo_on_login", { mode: "boolean" }).notNull().default(true),
  /** The "email us" address of the Help page. */
  supportEmail: text("support_email"),
  /** Partner summary: score name shown on the score summary; null means 'TechFIT'. */
  scoreName: text("score_name"),
  /** Partner summary: custom text shown with the score. */
  customScoreString: text("custom_score_string"),
  fitScoreVariant: text("fit_score_variant", { enum: FitScoreVariant }).notNull().default("round"),
  ...timestamps(),
});

export type Styling = typeof stylings.$inferSelect;
export type NewStyling = typeof stylings.$inferInsert;
