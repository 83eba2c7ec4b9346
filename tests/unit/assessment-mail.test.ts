import { describe, expect, it } from "vitest";
import { assessmentLinkMail } from "../../worker/mail/assessment-mail";
import type { MailBrand } from "../../worker/mail/layout";

const brand: MailBrand = {
  platformName: "Northwind Learn",
  logoUrl: null,
  brandColour: "#0f766e",
  supportEmail: "help@northwind.test",
  origin: "https://learn.northwind.test",
};
const link = "https://learn.northwind.test/assessment/abc.def";

describe("the assessment link a partner mails a member", () => {
  it("names the sender and the assessment, links to it in the partner's branding, and says until when it works in the reader's zone", () => {
    const mail = assessmentLinkMail({
      language: "enGB",
      timeZone: "America/New_York",
      brand,
      recipientName: "Dan",
      sender: "Ada Lovelace",
      category: "all",
      link,
      expiresAt: "2031-01-13T14:00:00.000Z",
    });
    expect(mail.subject).toBe("Ada Lovelace asks you to take the Northwind Learn fitness assessment");
    expect(mail.text).toContain("Hi Dan,");
    expect(mail.text).toContain(link);
    expect(mail.text).toContain("works until Mon, 13 Jan 2031, 09:00 GMT-5");
    expect(mail.text).toContain("America/New_York");
    expect(mail.html).toContain(`href="${link}"`);
    expect(mail.html.toLowerCase()).toContain("#0f766e");
  });

  it("names the one category of a reassessment, and escapes what users wrote", () => {
    const mail = assessmentLinkMail({
      language: "enUS",
      timeZone: "UTC",
      brand,
      recipientName: null,
      sender: "<b>Eve</b>",
      category: "dataAndInsights",
      link,
      expiresAt: "2031-01-13T14:00:00.000Z",
    });
    expect(mail.text).toContain("Hi,");
    expect(mail.text).toContain("asks you to reassess Data and insights");
    expect(mail.html).not.toContain("<b>Eve</b>");
    expect(mail.html).toContain("&#60;b&#62;Eve&#60;/b&#62;");
  });
});
