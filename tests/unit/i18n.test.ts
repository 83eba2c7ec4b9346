import { describe, expect, it } from "vitest";
import * as ENUMS from "../../contract/enums";
import { Language } from "../../contract/enums";
import { MESSAGES } from "../../contract/messages";
import { CATALOGUES, LANGUAGE_TAG } from "../../client/i18n";
import { enUS, type MessageKey } from "../../client/i18n/en-US";
import { translate } from "../../client/lib/i18n";
import { apiMessageKey, translateApiMessage } from "../../client/lib/api-messages";

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
const keys = Object.keys(enUS).sort();

describe("the three catalogues (US, GB and AU English)", () => {
  it("have exactly the same keys", () => {
    for (const language of Language) expect(Object.keys(CATALOGUES[language]).sort(), language).toEqual(keys);
  });

  it("have no empty value", () => {
    for (const language of Language) {
      for (const [key, value] of Object.entries(CATALOGUES[language])) {
        expect(value.trim(), `${language} ${key}`).not.toBe("");
      }
    }
  });

  it("use the same placeholders for a key in every language", () => {
    for (const key of keys as MessageKey[]) {
      for (const language of Language) {
        expect(placeholders(CATALOGUES[language][key]), `${language} ${key}`).toEqual(placeholders(enUS[key]));
      }
    }
  });

  it("give every plural key both its one and other forms", () => {
    for (const key of keys) {
      const base = key.replace(/_(one|other)$/, "");
      if (base === key) continue;
      expect(keys, key).toContain(`${base}_one`);
      expect(keys, key).toContain(`${base}_other`);
    }
  });

  it("label every value of every enumeration (key enum.<Name>.<value>)", () => {
    for (const [name, values] of Object.entries(ENUMS)) {
      if (!Array.isArray(values)) continue;
      for (const value of values) expect(keys, `enum.${name}.${value}`).toContain(`enum.${name}.${value}`);
    }
  });

  it("carry every API message of contract/messages.ts, word for word in en-US (in US spelling)", () => {
    for (const [name, text] of Object.entries(MESSAGES)) {
      expect(enUS[`message.${name}` as MessageKey].replace(/\bcolor\b/g, "colour"), name).toBe(text);
    }
  });

  it("hold the required-field message under form.requiredField and the error catalogue's toasts", () => {
    expect(enUS["form.requiredField"]).toBe("Required");
    expect(enUS["message.missingFields"]).toBe("Missing Fields: Please complete the required fields.");
    expect(enUS["message.generic"]).toBe("Oops! Something went wrong. Please try again.");
    expect(enUS["toast.linkPartnerFailed.description"]).toBe("We couldn't link your account. Please try again later.");
    expect(enUS["toast.cancelBookingFailed.description"]).toBe("We couldn't cancel your booking. Please try again later");
    expect(enUS["toast.changeBookingDateFailed.description"]).toBe("Could not change booking date");
    expect(enUS["toast.createBookingRequestFailed.description"]).toBe("Could not create booking request");
    expect(enUS["toast.homepageSaveFailed.description"]).toBe("We couldn't save your homepage. If this issue persists, please contact support.");
    expect(`${enUS["toast.rowTypeMissing.title"]}: ${enUS["toast.rowTypeMissing.description"]}`).toBe("Failed to Add Row: Please select a row type.");
    expect(enUS["toast.clipboardFailed.title"]).toBe("Could not Copy to Clipboard");
    expect(enUS["toast.clipboardFailed.description"]).toBe("Could not use the clipboard");
    expect(enUS["toast.invalidInviteCode.description"]).toBe("The provided invite code could not be validated, please reload and try again.");
    expect(enUS["toast.teamInvalid.description"]).toBe("Please check your team details!");
    expect(enUS["toast.invitesSomeSent.description"]).toMatch(/^We could only send some invites/);
  });

  it("give the job statuses the product's labels", () => {
    expect(translate("enum.JobStatus.pending")).toBe("Processing");
    expect(translate("enum.JobStatus.awaitingScheduling")).toBe("To Be Booked");
    expect(translate("enum.JobStatus.awaitingConfirmation")).toBe("Booking Requested");
    expect(translate("enum.JobStatus.confirmed")).toBe("Booked");
  });
});

describe("the spelling differences", () => {
  const US_ONLY = /\b(organiz\w*|Organiz\w*|colors?|Colors?|customiz\w*|Customiz\w*|favorites?|Favorites?|canceled|Canceled|License)\b/;
  const GB_ONLY = /\b(organis\w*|Organis\w*|colours?|Colours?|customis\w*|Customis\w*|favourites?|Favourites?|Licence|[Pp]rogramme)\b/;

  it("en-GB and en-AU write organisation, colour, customise, favourite, cancelled and licence", () => {
    for (const language of ["enGB", "enAU"] as const) {
      const c = CATALOGUES[language];
      expect(c["nav.group.organization"]).toBe("Organisation");
      expect(c["crumb.organization"]).toBe("Organisation");
      expect(c["topBar.switchOrganization"]).toBe("Switch organisation");
      expect(c["message.invalidColour"]).toBe("Must be a valid colour");
      expect(c["gallery.customize"]).toBe("Customise my homepage");
      expect(c["enum.JobStatus.cancelled"]).toBe("Cancelled");
      expect(c["enum.PrerequisiteType.license"]).toBe("Licence");
      expect(c["enum.VisibilityField.size"]).toBe("Organisation size");
    }
  });

  it("en-US writes organization, color, customize and canceled", () => {
    expect(enUS["nav.group.organization"]).toBe("Organization");
    expect(enUS["crumb.organization"]).toBe("Organization");
    expect(enUS["message.invalidColour"]).toBe("Must be a valid color");
    expect(enUS["gallery.customize"]).toBe("Customize my homepage");
    expect(enUS["enum.JobStatus.cancelled"]).toBe("Canceled");
  });

  it("en-GB and en-AU differ where they do: programme against program", () => {
    expect(CATALOGUES.enGB["nav.programLibrary"]).toBe("Programme Library");
    expect(CATALOGUES.enAU["nav.programLibrary"]).toBe("Program Library");
    expect(CATALOGUES.enUS["nav.programLibrary"]).toBe("Program Library");
  });

  it("no en-GB or en-AU text slips into US spelling, and no en-US text into British", () => {
    for (const language of ["enGB", "enAU"] as const) {
      for (const [key, value] of Object.entries(CATALOGUES[language])) expect(value, `${language} ${key}`).not.toMatch(US_ONLY);
    }
    for (const [key, value] of Object.entries(enUS)) expect(value, `enUS ${key}`).not.toMatch(GB_ONLY);
  });
});

describe("translate", () => {
  it("fills placeholders and leaves unknown ones as they are", () => {
    expect(translate("shell.homeLink", { platform: "Northwind Learn" })).toBe("Northwind Learn home");
    expect(translate("toast.region")).toBe("Notifications ({hotkey})");
  });

  it("picks the plural form from count", () => {
    expect(translate("form.charactersRemaining", { count: 1 })).toBe("1 character remaining");
    expect(translate("form.charactersRemaining", { count: 12 })).toBe("12 characters remaining");
    expect(translate("form.charactersRemaining", { count: 0 })).toBe("0 characters remaining");
  });

  it("translates in the language asked for", () => {
    expect(translate("nav.group.organization", undefined, "enGB")).toBe("Organisation");
    expect(translate("nav.group.organization", undefined, "enUS")).toBe("Organization");
  });

  it("maps API messages back to their keys and translates them", () => {
    expect(apiMessageKey("Must be a valid colour")).toBe("message.invalidColour");
    expect(translateApiMessage("Must be a valid colour", "enUS")).toBe("Must be a valid color");
    expect(translateApiMessage("Required", "enGB")).toBe("Required");
    expect(translateApiMessage("Something the server made up", "enGB")).toBe("Something the server made up");
  });

  it("has a BCP 47 tag for each language", () => {
    expect(LANGUAGE_TAG).toEqual({ enUS: "en-US", enGB: "en-GB", enAU: "en-AU" });
  });
});
