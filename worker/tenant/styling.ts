import { isHexColour } from "../../contract/colour";
import { FONT_STACKS, PARTNER_DEFAULT_STYLING, partnerDefaultStyling, platformNameFrom, type Styling } from "../../contract/styling";
import type { stylings } from "../../db/schema";
import { fileUri } from "../storage/files";

type StylingRow = typeof stylings.$inferSelect;

const colour = (value: string | null | undefined, fallback: string) => (value && isHexColour(value) ? value : fallback);

/**
 * The public styling of a partner. Values are checked again on the way out
 * (colours hex only, a known font key), so a bad row can never reach CSS.
 */
export function stylingFromRow(row: StylingRow, accountName: string): Styling {
  // A colour or font the partner has not set (or a bad one) is the neutral partner look's, never the product's.
  const d = PARTNER_DEFAULT_STYLING;
  return {
    id: row.id,
    brandColour: colour(row.brandColour, d.brandColour),
    gradientColourOne: colour(row.gradientColourOne, d.gradientColourOne),
    gradientColourTwo: colour(row.gradientColourTwo, d.gradientColourTwo),
    lightGradientTextColour: colour(row.lightGradientTextColour, d.lightGradientTextColour),
    lightHeroTextColour: colour(row.lightHeroTextColour, d.lightHeroTextColour),
    fontFamily: row.fontFamily && row.fontFamily in FONT_STACKS ? row.fontFamily : d.fontFamily,
    // A partner that has not named its platform goes by its account's name, never the product's.
    platformName: platformNameFrom(row.platformName, platformNameFrom(accountName)),
    logo: row.logoKey ? { uri: fileUri(row.logoKey) } : null,
    mark: row.markKey ? { uri: fileUri(row.markKey) } : null,
    homepageHeroBackground: row.homepageHeroBackgroundKey ? { uri: fileUri(row.homepageHeroBackgroundKey) } : null,
    loginBackground: row.loginBackgroundKey ? { uri: fileUri(row.loginBackgroundKey) } : null,
    showLogoOnLogin: row.showLogoOnLogin ?? true,
    // The partner's own address or none: its customers are never sent to the product's support.
    supportEmail: row.supportEmail ?? null,
    scoreName: row.scoreName || null,
    customScoreString: row.customScoreString || null,
  };
}

/** The styling a partner's people see: its own, else the neutral partner look under the partner's name. */
export function partnerStylingOf(accountName: string, row: StylingRow | null): Styling {
  return row ? stylingFromRow(row, accountName) : partnerDefaultStyling(platformNameFrom(accountName));
}
