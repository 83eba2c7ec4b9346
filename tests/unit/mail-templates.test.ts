import { describe, expect, it } from "vitest";
import { googleCalendarUrl, outlookCalendarUrl } from "../../client/features/bookings/calendar-links";
import { inviteMail, verifyAddressMail } from "../../worker/mail/account-mail";
import { fromHeader } from "../../worker/mail/adapter";
import { sessionCalendar } from "../../worker/mail/calendar";
import { jobMail, type JobMailData } from "../../worker/mail/job-mail";
import { brandColours, type MailBrand } from "../../worker/mail/layout";
import { DEFAULT_STYLING, PARTNER_DEFAULT_STYLING } from "../../contract/styling-values";
import { requestOverdueMail, sessionReminderMail } from "../../worker/mail/reminder-mail";

const brand: MailBrand = {
  platformName: "Northwind Learn",
  logoUrl: "https://learn.northwind.test/files/public/logo.png",
  brandColour: "#1f6feb",
  origin: "https://learn.northwind.test",
};
const cancelled = (language: JobMailData["language"]): JobMailData => ({
  event: "cancelled",
  audience: "customer",
  language,
  timeZone: "UTC",
  brand,
  recipientName: "Cara",
  workoutName: "Copilot Foundations",
  customerName: "Fabrikam",
  status: "cancelled",
  reason: "duplicateBooking",
  comment: "Booked twice",
  link: "https://learn.northwind.test/bookings?job=j1",
  sequence: 3,
  sessions: [{ lineId: "l1", name: "Prompting", scheduledAt: "2031-01-13T14:00:00.000Z", lengthMinutes: 60 }],
});

describe("job mail in three languages", () => {
  it("en-US: US spelling, US dates, the reason and status as words", () => {
    const m = jobMail(cancelled("enUS"));
    expect(m.subject).toBe("Booking canceled: Copilot Foundations");
    expect(m.text).toContain("Status: Canceled");
    expect(m.text).toContain("Reason: Duplicate booking");
    expect(m.text).toContain("Comment: Booked twice");
    expect(m.text).toContain("Prompting: Mon, Jan 13, 2031, 2:00 PM UTC");
    expect(m.html).toContain('<html lang="en-US">');
    expect(`${m.text}${m.html}`).not.toContain("duplicateBooking");
  });

  it("en-GB: British spelling and 24-hour dates", () => {
    const m = jobMail(cancelled("enGB"));
    expect(m.subject).toBe("Booking cancelled: Copilot Foundations");
    expect(m.text).toContain("Status: Cancelled");
    expect(m.text).toContain("Reason: Duplicate booking");
    expect(m.text).toContain("Prompting: Mon, 13 Jan 2031, 14:00 UTC");
    expect(m.html).toContain('<html lang="en-GB">');
  });

  it("en-AU: British spelling and Australian dates", () => {
    const m = jobMail(cancelled("enAU"));
    expect(m.subject).toBe("Booking cancelled: Copilot Foundations");
    expect(m.text).toMatch(/Prompting: Mon,? 13 Jan 2031, 2:00 pm UTC/i);
    expect(m.html).toContain('<html lang="en-AU">');
  });

  it("reschedule and denial reasons come from their own list; a value that is no reason is left out, never shown raw", () => {
    const denied = jobMail({ ...cancelled("enUS"), event: "denied", status: "awaitingScheduling", reason: "notReady", comment: null });
    expect(denied.text).toContain("Reason: Not ready");
    expect(denied.text).toContain("Status: To Be Booked");
    const odd = jobMail({ ...cancelled("enUS"), reason: "<b>made-up</b>" });
    expect(odd.text).not.toContain("Reason:");
    expect(odd.html).not.toContain("made-up");
  });

  it("escapes every interpolated value in the HTML and keeps links http(s) only", () => {
    const m = jobMail({ ...cancelled("enUS"), workoutName: `<script>alert("x")</script>`, customerName: `A & B "Co"`, recipientName: "<img src=x>" });
    expect(m.html).not.toContain("<script>");
    expect(m.html).not.toContain("<img src=x>");
    expect(m.html).toContain("&#60;script&#62;");
    expect(m.text).toContain(`<script>alert("x")</script>`);
    const bad = jobMail({ ...cancelled("enUS"), link: "javascript:alert(1)", brand: { ...brand, logoUrl: "javascript:alert(1)" } });
    expect(bad.html).not.toContain("javascript:");
  });

  it("wears the partner's logo and colour, with readable button text", () => {
    const m = jobMail({ ...cancelled("enUS"), event: "confirmed", status: "confirmed", reason: null });
    expect(m.html).toContain(`src="${brand.logoUrl}" alt="Northwind Learn"`);
    expect(m.html).toContain("background:#1f6feb");
    expect(brandColours("#ffff00").foreground).not.toBe("#ffffff");
    // No usable colour: the neutral partner look, never the product's; the product's own mail passes its colour.
    expect(brandColours("not a colour").background).toBe(PARTNER_DEFAULT_STYLING.brandColour);
    expect(brandColours(null).background).toBe(PARTNER_DEFAULT_STYLING.brandColour);
    expect(brandColours(DEFAULT_STYLING.brandColour).background).toBe(DEFAULT_STYLING.brandColour);
    // Links are the brand colour, readable on the white card.
    expect(m.html).not.toContain("#1d4ed8");
    expect(m.text).toContain("You're receiving this email from Northwind Learn.");
  });

  it("a request is acknowledged to the customer and asked of the partner", () => {
    const base = {
      ...cancelled("enUS"),
      status: "awaitingConfirmation" as const,
      reason: null,
      sessions: [{ lineId: "l1", name: "Prompting", scheduledAt: null, lengthMinutes: 60, requestedTimes: ["2031-01-13T14:00:00.000Z"] }],
    };
    const ack = jobMail({ ...base, event: "requestReceived" });
    expect(ack.subject).toBe("We've received your booking request: Copilot Foundations");
    expect(ack.text).toContain("within 24 hours");
    expect(ack.attachments).toEqual([]);
    const ask = jobMail({ ...base, event: "requested", audience: "partner", link: "https://learn.northwind.test/jobs?job=j1" });
    expect(ask.text).toContain("Customer: Fabrikam");
    expect(ask.text).toContain("Prompting: proposed Mon, Jan 13, 2031, 2:00 PM UTC");
    expect(ask.text).toContain("Open the job:\nhttps://learn.northwind.test/jobs?job=j1");
  });
});

describe("calendar files", () => {
  const input = {
    platformName: "Northwind Learn",
    workoutName: "Copilot",
    customerName: "Fabrikam",
    link: "https://x.test/bookings?job=j",
    sequence: 4,
    sessions: [
      { lineId: "l1", name: "One", scheduledAt: "2031-01-13T14:00:00.000Z", lengthMinutes: 90 },
      { lineId: "l2", name: "Two", scheduledAt: null, lengthMinutes: 60 },
    ],
  };
  it("publishes the scheduled lines with stable UIDs and the sequence", () => {
    const ics = sessionCalendar(input, "publish")!;
    expect(ics).toContain("METHOD:PUBLISH");
    expect(ics.match(/^UID:.*$/gm)).toEqual(["UID:l1@techfit"]);
    expect(ics).toContain("SEQUENCE:4");
    expect(ics).toMatch(/DTEND.*20310113T153000Z/);
  });
  it("cancels every given line", () => {
    const ics = sessionCalendar(input, "cancel")!;
    expect(ics).toContain("METHOD:CANCEL");
    expect(ics.match(/^UID:.*$/gm)).toEqual(["UID:l1@techfit", "UID:l2@techfit"]);
    expect(ics.match(/^STATUS:CANCELLED/gm)).toHaveLength(2);
  });
  it("Google and Outlook links carry the title and the UTC start and end", () => {
    const e = { title: "Copilot: One", start: "2031-01-13T14:00:00.000Z", lengthMinutes: 90, details: "https://x.test/bookings?job=j" };
    const g = new URL(googleCalendarUrl(e));
    expect(g.searchParams.get("dates")).toBe("20310113T140000Z/20310113T153000Z");
    expect(g.searchParams.get("text")).toBe("Copilot: One");
    const o = new URL(outlookCalendarUrl(e));
    expect(o.searchParams.get("startdt")).toBe("2031-01-13T14:00:00.000Z");
    expect(o.searchParams.get("enddt")).toBe("2031-01-13T15:30:00.000Z");
  });
});

describe("other mail", () => {
  it("invites, address confirmations and reminders speak the recipient's language in the partner's name", () => {
    expect(
      inviteMail({ language: "enGB", brand, link: "https://learn.northwind.test/onboarding?invite=a.b", inviter: "Cara", accountName: "Fabrikam" }).subject,
    ).toBe("You're invited to join Fabrikam on Northwind Learn");
    expect(verifyAddressMail({ language: "enUS", brand, recipientName: "Vera", link: "https://x.test/verify-email?token=t" }).text).toContain("Hi Vera,");
    const reminder = sessionReminderMail({
      language: "enGB",
      timeZone: "UTC",
      brand,
      workoutName: "Copilot",
      sessionName: "One",
      scheduledAt: "2031-01-13T14:00:00.000Z",
      link: "https://x.test/bookings?job=j",
    });
    expect(reminder.subject).toBe("Reminder: One of Copilot starts Mon, 13 Jan 2031, 14:00 UTC");
    const overdue = requestOverdueMail({
      language: "enUS",
      timeZone: "UTC",
      brand,
      workoutName: "Copilot",
      customerName: "Fabrikam",
      requestedAt: "2031-01-12T09:00:00.000Z",
      link: "https://x.test/jobs?job=j",
    });
    expect(overdue.text).toContain("Status: Booking Requested");
  });
  it("the sender's display name is the platform name on the deployment's address", () => {
    expect(fromHeader("TechFIT <no-reply@techfit.test>", "Northwind Learn")).toBe('"Northwind Learn" <no-reply@techfit.test>');
    expect(fromHeader("no-reply@techfit.test", 'Evil" <x@y>\r\nBcc: z')).toBe('"Evil x@yBcc: z" <no-reply@techfit.test>');
    expect(fromHeader(undefined, null)).toBe("no-reply@techfit.app");
  });
});
