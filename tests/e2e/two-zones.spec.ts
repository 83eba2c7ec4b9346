import type { Locator, Page } from "@playwright/test";
import { DEMO, DEMO_TIME_ZONES } from "../../db/seed/data";
import { STORY_DEMO } from "../../db/seed/story";
import { signIn, type DemoUserKey } from "./auth";
import { expect, expectAccessible, open, test } from "./fixtures";
import { pickTime } from "./picker";

/**
 * The scheduling journey of a partner in Europe and a customer in New York
 * (the demo's zones: Northwind in Berlin, Fabrikam in New York), each in a
 * browser set to a third zone (Tokyo), so a time read in the browser's zone
 * instead of the reader's shows. The proposed times straddle the weeks when
 * the US has moved to summer time and Europe not yet: New York is five hours
 * behind Berlin in the first, six in the second.
 */
const WORKOUT = "Hybrid Work Connectivity Review";
const CUSTOMER_ZONE = DEMO_TIME_ZONES.customer;
const PARTNER_ZONE = DEMO_TIME_ZONES.partner;
const BROWSER_ZONE = "Asia/Tokyo";
const JOIN = "https://meet.northwind.test/hybrid-two-zones";
const DAY = 86_400_000;

type Person = (options?: { timezoneId?: string }) => Promise<Page>;

/** `who` signed in, in a browser of their own set to Tokyo, on `path`. */
async function as(person: Person, who: DemoUserKey, path: string): Promise<Page> {
  const page = await person({ timezoneId: BROWSER_ZONE });
  await signIn(page, who, path);
  return page;
}

/** A moment in a zone, as en-US writes it with `options`. */
const inZone = (iso: string, timeZone: string, options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat("en-US", { ...options, timeZone }).formatToParts(new Date(iso));

/** The zone's short name at that moment, as a reader there sees it ("EDT", "GMT+1"). */
const zoneName = (iso: string, timeZone: string) => inZone(iso, timeZone, { timeZoneName: "short" }).find((p) => p.type === "timeZoneName")!.value;

/** The hour (0–23) of a moment on a zone's clock. */
const hourIn = (iso: string, timeZone: string) =>
  Number(inZone(iso, timeZone, { hour: "numeric", hourCycle: "h23" }).find((p) => p.type === "hour")!.value) % 24;

/**
 * How a moment reads in a zone, day and time with the zone's name ("Mar 16,
 * 2027, 4:00 AM EDT"), as a pattern: whatever spaces the browser's ICU puts
 * in it, with or without "at".
 */
function shown(iso: string, timeZone: string): RegExp {
  const text = (options: Intl.DateTimeFormatOptions) =>
    inZone(iso, timeZone, options)
      .map((p) => p.value)
      .join("");
  const date = text({ month: "short", day: "numeric", year: "numeric" });
  const time = text({ hour: "numeric", minute: "2-digit", timeZoneName: "short" });
  return asPattern(`${date},? (at )?${time}`);
}

/** Text as a pattern: whatever spaces the browser's ICU puts in it. */
const asPattern = (text: string) => new RegExp(text.replace(/[+]/g, "\\+").replace(/[\s\u202f]+/g, "[\\s\\u202f]+"));

/** How a moment's time of day reads in a zone, with the zone's name ("4:00 AM EDT"), as a pattern (under a heading naming the day). */
function timeShown(iso: string, timeZone: string): RegExp {
  const time = inZone(iso, timeZone, { hour: "numeric", minute: "2-digit", timeZoneName: "short" })
    .map((p) => p.value)
    .join("");
  return asPattern(time);
}

/** A calendar day as the picker names its button ("Tuesday, March 16"). */
const dayLabel = (day: Date) => new Intl.DateTimeFormat("en-US", { weekday: "long", month: "long", day: "numeric", timeZone: "UTC" }).format(day);

/**
 * The next spring whose clock changes are still ahead: the Tuesday after the
 * US moves to summer time (second Sunday of March: Berlin still on winter
 * time, five hours ahead), the Tuesday after Europe does (last Sunday of
 * March: six hours again), and a week after that.
 */
function nextSpring(now = Date.now()) {
  for (let year = new Date(now).getUTCFullYear(); ; year++) {
    const firstSunday = 1 + ((7 - new Date(Date.UTC(year, 2, 1)).getUTCDay()) % 7);
    const usChange = firstSunday + 7;
    const lastSunday = 31 - new Date(Date.UTC(year, 2, 31)).getUTCDay();
    const gap = new Date(Date.UTC(year, 2, usChange + 2));
    if (gap.getTime() - now > 3 * DAY) return { gap, after: new Date(Date.UTC(year, 2, lastSunday + 2)), later: new Date(Date.UTC(year, 2, lastSunday + 9)) };
  }
}

/** Picks `day` in a calendar picker (moving on month by month until it shows) and its first open time; answers the instant chosen. */
async function pickDay(picker: Locator, day: Date): Promise<string> {
  const settled = () => expect(picker.getByText("Loading open times…")).toHaveCount(0);
  await settled();
  const button = picker.getByRole("button", { name: new RegExp(`^${dayLabel(day)}\\b`) });
  for (let i = 0; i < 24 && !(await button.isVisible()); i++) {
    await picker.getByRole("button", { name: /next month/i }).click();
    await settled();
  }
  await button.click();
  // A proposal's picker adds the time to its list (no radio stays ticked): the instant is the first time's own value.
  const time = picker.getByRole("radiogroup").locator("label").first();
  const value = (await time.locator("input").getAttribute("value"))!;
  await time.click();
  return value;
}

/** A job's row by its id (other journeys book and list newer jobs), and its menu. */
const rowOf = (page: Page, id: string) => page.locator(`[data-testid="job-row"][data-job-id="${id}"]`);
async function act(page: Page, id: string, action: string) {
  await rowOf(page, id)
    .getByRole("button", { name: `Actions for ${WORKOUT}` })
    .click();
  await page.getByRole("menuitem", { name: action }).click();
}

/** Opens a job from its link on `path` (/jobs or /bookings): its sessions shown, and its people and place. */
async function openJob(page: Page, path: string, id: string) {
  await open(page, `${path}?job=${id}`);
  await expect(rowOf(page, id).getByRole("button", { name: `Hide sessions of ${WORKOUT}` })).toBeVisible({ timeout: 30_000 });
}

/** The sessions table of an opened job, by session name. */
const sessionRow = (page: Page, session: string) =>
  page
    .getByRole("table", { name: new RegExp(`Sessions of ${WORKOUT}`) })
    .getByRole("row")
    .filter({ hasText: session });

/** Each mail of the dev mailbox to `to` about job `id`, with its calendar file (if any). */
async function mailsAbout(page: Page, to: string, id: string) {
  await page.goto("/dev/mail");
  const items = page.locator(`li.mail[data-to="${to}"]`).filter({ hasText: `job=${id}` });
  const out: { subject: string; text: string; ics: string | null }[] = [];
  for (const item of await items.all()) {
    const link = item.locator('a[href*="/attachments/"]').first();
    const ics = (await link.count()) ? await (await page.request.get((await link.getAttribute("href"))!)).text() : null;
    out.push({ subject: (await item.locator("h2").textContent()) ?? "", text: (await item.locator("pre").textContent()) ?? "", ics });
  }
  return out;
}

/** An instant as the calendar file writes it: UTC with Z (20270316T080000Z). */
const icsTime = (iso: string) => iso.replace(/[-:]/g, "").replace(/\.\d{3}/, "");

test.describe("a partner in Berlin and a customer in New York", () => {
  // Two or three people in browsers of their own, a dozen screens: minutes on a busy 2-core runner.
  test.describe.configure({ timeout: 360_000 });

  test("book, propose, accept, place, people and a reschedule: every screen, mail and calendar file in each side's own time, and the trail names who", async ({
    otherPerson,
  }) => {
    const spring = nextSpring();

    // The customer requests times for both sessions (the picker in New York time, named).
    const customer = await as(otherPerson, "customerAdmin", "/bookings");
    await open(customer, `/workout/${DEMO.workouts.hybridConnectivity}/book`);
    const booking = customer.getByRole("dialog");
    await booking.getByRole("button", { name: "Next", exact: true }).click();
    await booking.getByRole("radio", { name: /Request times/ }).check();
    const preferred = booking.getByTestId("preferred-time");
    await expect(preferred.first().getByText(`Times in your time zone (${CUSTOMER_ZONE})`)).toBeVisible();
    for (let i = 0; i < (await preferred.count()); i++) await pickTime(preferred.nth(i), { months: 1, day: 1 + i });
    await expectAccessible(customer);
    await booking.getByRole("button", { name: "Next", exact: true }).click();
    const posted = customer.waitForResponse((r) => r.request().method() === "POST" && /\/v1\/bookings$/.test(new URL(r.url()).pathname));
    await booking.getByRole("button", { name: "Confirm booking" }).click();
    const jobId = ((await (await posted).json()) as { id: string }).id;
    await expect(rowOf(customer, jobId).getByTestId("status")).toHaveText("Booking Requested");

    // The partner proposes other times: the first in the weeks between the two changes of clock, the second after both.
    const partner = await as(otherPerson, "partnerAdmin", "/jobs");
    await openJob(partner, "/jobs", jobId);
    await act(partner, jobId, "Propose other times");
    const propose = partner.getByRole("dialog");
    const pickers = propose.getByTestId("time-picker");
    await expect(pickers.first().getByText(`Times in your time zone (${PARTNER_ZONE})`)).toBeVisible();
    const first = await pickDay(pickers.nth(0), spring.gap);
    const second = await pickDay(pickers.nth(1), spring.after);
    await expectAccessible(partner);
    await propose.getByRole("button", { name: "Propose other times" }).click();
    await expect(propose).toBeHidden();
    await expect(rowOf(partner, jobId).getByTestId("status")).toHaveText("Times Proposed");

    // The same moments: five hours apart on the two clocks in the first week, six in the second (DST).
    expect((hourIn(first, PARTNER_ZONE) - hourIn(first, CUSTOMER_ZONE) + 24) % 24).toBe(5);
    expect((hourIn(second, PARTNER_ZONE) - hourIn(second, CUSTOMER_ZONE) + 24) % 24).toBe(6);
    expect([zoneName(first, CUSTOMER_ZONE), zoneName(second, CUSTOMER_ZONE)]).toEqual(["EDT", "EDT"]);
    expect([zoneName(first, PARTNER_ZONE), zoneName(second, PARTNER_ZONE)]).toEqual(["GMT+1", "GMT+2"]);
    await expect(sessionRow(partner, "Discovery")).toContainText(shown(first, PARTNER_ZONE));
    await expect(sessionRow(partner, "Findings and plan")).toContainText(shown(second, PARTNER_ZONE));

    // The customer reads the proposal in New York time and accepts it: Booked.
    await openJob(customer, "/bookings", jobId);
    await expect(rowOf(customer, jobId).getByTestId("status")).toHaveText("Times Proposed");
    await act(customer, jobId, "Accept a proposed time");
    const accept = customer.getByRole("dialog");
    await expect(accept).toContainText(shown(first, CUSTOMER_ZONE));
    await expect(accept).toContainText(shown(second, CUSTOMER_ZONE));
    await expectAccessible(customer);
    await accept.getByRole("button", { name: "Accept a proposed time" }).click();
    await expect(accept).toBeHidden();
    await expect(rowOf(customer, jobId).getByTestId("status")).toHaveText("Booked");

    // The partner sets the join link and assigns Ben.
    await openJob(partner, "/jobs", jobId);
    const people = partner.getByTestId("job-people").first();
    await people.getByLabel("Location of the open sessions").selectOption("online");
    await people.getByLabel("Meeting link").fill(JOIN);
    await people.getByRole("button", { name: "Save location" }).click();
    await expect(partner.getByTestId("session-place").first()).toContainText(`Online: ${JOIN}`);
    await people.getByLabel("Instructor").selectOption({ label: "Ben Okafor" });
    await expect(people.getByLabel("Instructor")).toHaveValue(/.+/);
    await expect(people.getByLabel("Instructor")).toBeEnabled();

    // The customer names who attends.
    await openJob(customer, "/bookings", jobId);
    const theirs = customer.getByTestId("job-people").first();
    // The list of members opens on the one click and stays open (a refresh of the booking meanwhile keeps it).
    await theirs.getByRole("button", { name: "Choose attendees" }).click();
    await expect(theirs.getByRole("checkbox", { name: "Cara Lindqvist" })).toBeVisible();
    await theirs.getByRole("checkbox", { name: "Cara Lindqvist" }).check();
    await theirs.getByRole("checkbox", { name: "Dan Moreau" }).check();
    await theirs.getByRole("button", { name: "Save" }).click();
    await expect(theirs.getByTestId("attendees")).toContainText("Cara Lindqvist");
    await expect(theirs.getByTestId("attendees")).toContainText("Dan Moreau");

    // The partner moves the second session a week on.
    await openJob(partner, "/jobs", jobId);
    await act(partner, jobId, "Reschedule");
    const move = partner.getByRole("dialog");
    await move.getByRole("checkbox").nth(1).check();
    const third = await pickDay(move.getByTestId("time-picker"), spring.later);
    await move.getByLabel("Reason").selectOption("availability");
    await expectAccessible(partner);
    await move.getByRole("button", { name: "Reschedule" }).click();
    await expect(move).toBeHidden();

    // Each side's screen: its own clock, named; the join link; the attendees and the instructor.
    for (const [page, path, zone] of [
      [partner, "/jobs", PARTNER_ZONE],
      [customer, "/bookings", CUSTOMER_ZONE],
    ] as const) {
      await openJob(page, path, jobId);
      await expect(sessionRow(page, "Discovery")).toContainText(shown(first, zone));
      await expect(sessionRow(page, "Findings and plan")).toContainText(shown(third, zone));
      await expect(sessionRow(page, "Discovery")).toContainText(`Online: ${JOIN}`);
      const panel = page.getByTestId("job-people").first();
      await expect(panel.getByTestId("attendees")).toContainText("Cara Lindqvist");
      await expect(panel.getByTestId("attendees")).toContainText("Dan Moreau");
      await expect(panel).toContainText("Ben Okafor");
      await expect(rowOf(page, jobId).getByTestId("next-session")).toContainText(shown(first, zone));
      await expectAccessible(page);
    }

    // The mail: each recipient's own clock and zone; the attendee gets it with the join link; the calendar file in UTC with the link.
    const toCustomer = await mailsAbout(customer, "cara@fabrikam.test", jobId);
    const confirmed = toCustomer.find((m) => m.subject === `Booking confirmed: ${WORKOUT}`)!;
    expect(confirmed.text).toMatch(shown(first, CUSTOMER_ZONE));
    expect(confirmed.text).toContain(CUSTOMER_ZONE);
    expect(confirmed.text).not.toMatch(/\bUTC\b/);
    const toPartner = await mailsAbout(customer, "hello@northwind.test", jobId);
    expect(toPartner.find((m) => m.subject === `Booking confirmed: ${WORKOUT}`)!.text).toMatch(shown(first, PARTNER_ZONE));
    const toDan = (await mailsAbout(customer, "dan@fabrikam.test", jobId)).find((m) => m.subject === `Booking rescheduled: ${WORKOUT}`)!;
    expect(toDan.text).toMatch(shown(third, CUSTOMER_ZONE));
    expect(toDan.text).toContain(JOIN);
    expect(toDan.ics).toMatch(new RegExp(`^DTSTART:${icsTime(third)}\\r?$`, "m"));
    expect(toDan.ics).toMatch(new RegExp(`^LOCATION:${JOIN.replace(/[.]/g, "\\.")}\\r?$`, "m"));
    expect(toDan.ics).toMatch(new RegExp(`^URL(;VALUE=URI)?:${JOIN.replace(/[.]/g, "\\.")}\\r?$`, "m"));

    // The trail: every step, who took it, from → to in words (times on the reader's clock).
    await openJob(partner, "/jobs", jobId);
    const trail = partner.getByTestId("audit-trail");
    const entry = (what: string) => trail.getByRole("listitem").filter({ hasText: what }).first();
    await expect(entry("Times requested")).toContainText("by Cara Lindqvist");
    await expect(entry("Other times proposed")).toContainText("by Ada Lovelace");
    await expect(entry("Proposed time accepted")).toContainText("by Cara Lindqvist");
    await expect(entry("Location changed")).toContainText(`none → ${JOIN} · by Ada Lovelace`);
    await expect(entry("Instructor changed")).toContainText("none → Ben Okafor · by Ada Lovelace");
    await expect(entry("Attendees changed")).toContainText("none → Cara Lindqvist, Dan Moreau · by Cara Lindqvist");
    await expect(entry("Booking rescheduled")).toContainText("reason: Availability · by Ada Lovelace");
    await expect(entry("Session moved")).toContainText(shown(third, PARTNER_ZONE));
    await expect(entry("Session moved")).toContainText("by Ada Lovelace");
    await expectAccessible(partner);
  });

  test("the instructor marks who attended and completes the started online session; each side reads it on its own clock", async ({ otherPerson }) => {
    const id = STORY_DEMO.startedOnlineJobId;
    const ben = await as(otherPerson, "partnerMember", "/jobs");
    await openJob(ben, "/jobs", id);
    const panel = ben.getByTestId("job-people").first();
    await expect(panel.getByRole("group", { name: "Who was at Discovery" })).toBeVisible();
    await panel.getByRole("checkbox", { name: "Cara Lindqvist" }).check();
    await panel.getByRole("button", { name: "Save attendance" }).click();
    await expect(ben.getByText("Attendance saved").first()).toBeVisible();
    await expectAccessible(ben);
    await sessionRow(ben, "Discovery").getByRole("button", { name: "Mark session completed" }).click();
    await ben.getByRole("dialog", { name: "Mark Discovery completed?" }).getByRole("button", { name: "Mark session completed" }).click();
    await expect(sessionRow(ben, "Discovery").getByTestId("status")).toHaveText("Completed");

    // The week view lays Ben's sessions out on Berlin's days: next week's session is at 16:00 in Berlin, already the next day in Tokyo.
    await open(ben, "/jobs");
    await ben.getByRole("tab", { name: "Week" }).click();
    await expect(ben.getByText(`In your time zone (${PARTNER_ZONE})`).first()).toBeVisible();
    await ben.getByRole("button", { name: "Next week" }).click();
    const card = ben.getByTestId("session-card").filter({ has: ben.locator(`a[href="/jobs?job=${id}"]`) });
    await expect(card).toHaveCount(1);
    const at = (await card.locator("time").getAttribute("datetime"))!;
    // A day's heading names its weekday and date.
    const day = (zone: string) =>
      new Intl.DateTimeFormat("en-US", { weekday: "short", year: "numeric", month: "short", day: "numeric", timeZone: zone }).format(new Date(at));
    expect(day(PARTNER_ZONE)).not.toBe(day(BROWSER_ZONE));
    const column = ben
      .getByRole("list", { name: "Sessions this week, by day" })
      .getByRole("listitem")
      .filter({ has: ben.getByRole("heading", { name: day(PARTNER_ZONE), exact: true }) });
    await expect(column.getByTestId("session-card").filter({ has: ben.locator(`a[href="/jobs?job=${id}"]`) })).toHaveCount(1);
    await expect(card).toContainText(timeShown(at, PARTNER_ZONE));
    await expectAccessible(ben);

    // The customer sees the session completed, on New York's clock, with its link and attendees.
    const cara = await as(otherPerson, "customerAdmin", "/bookings");
    await openJob(cara, "/bookings", id);
    await expect(sessionRow(cara, "Discovery").getByTestId("status")).toHaveText("Completed");
    await expect(sessionRow(cara, "Findings and plan")).toContainText(shown(at, CUSTOMER_ZONE));
    await expect(sessionRow(cara, "Findings and plan")).toContainText("Online: https://meet.northwind.test/hybrid-review");
    await expect(cara.getByTestId("job-people").first().getByTestId("attendees")).toContainText("Dan Moreau");
    await expectAccessible(cara);

    // The owner's trail of the job: the attendance and the completion, by the instructor.
    const ada = await as(otherPerson, "partnerAdmin", "/jobs");
    await openJob(ada, "/jobs", id);
    const trail = ada.getByTestId("audit-trail");
    // Ben's marking (the completion after it records the same attendance again, newest first).
    await expect(trail.getByRole("listitem").filter({ hasText: "Attendance marked" }).last()).toContainText("none → Cara Lindqvist · by Ben Okafor");
    await expect(trail.getByRole("listitem").filter({ hasText: "Workout session completed" }).first()).toContainText("by Ben Okafor");
    await expectAccessible(ada);
  });
});
