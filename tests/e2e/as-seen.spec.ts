import type { Locator, Page } from "@playwright/test";
import { DEMO } from "../../db/seed/data";
import { STORY_DEMO } from "../../db/seed/story";
import { signIn, signInOnDomain, signUpConfirmed, uniqueEmail } from "./auth";
import { CONTOSO_ORIGIN, expect, expectAccessible, open, PARTNER_ORIGIN, test } from "./fixtures";

/**
 * What people see, checked where a screenshot showed it wrong: a logo's
 * contrast on the brand-coloured bar, a name cut short with room to spare,
 * cards run together, a zone field showing nothing, days without their
 * weekday.
 */

/** Whether the element's text fits its box (nothing cut off behind an ellipsis). */
const fits = (page: Page, testId: string) => page.getByTestId(testId).evaluate((el) => el.scrollWidth <= el.clientWidth + 1);

test.describe("the organisation switcher on the brand-coloured top bar", () => {
  test("a wide logo sits on its light plate in the light theme too, and a wide screen shows the whole name", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    // Ada's organisation is Northwind, whose teal wordmark is drawn for a light page: on the blue bar its letters need the plate.
    await signIn(page, "partnerAdmin", "/");
    await expect(page.getByTestId("top-bar")).toHaveAttribute("data-variant", "primary");
    const logo = page.getByTestId("organisation-logo");
    await expect(logo).toHaveAttribute("data-kind", "logo");
    await expect(logo).toHaveCSS("background-color", "rgb(255, 255, 255)");
    await expect(page.getByTestId("organisation-switcher-name")).toHaveText(DEMO.northwind.name);
    expect(await fits(page, "organisation-switcher-name")).toBe(true);
    await expectAccessible(page);
  });
});

test.describe("the organisation switcher's logo on its plate", () => {
  test("on a phone the name stands clear of the plate around the logo (its 4 px ring takes no room of its own)", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, "partnerAdmin", "/");
    const logo = (await page.getByTestId("organisation-logo").boundingBox())!;
    const name = (await page.getByTestId("organisation-switcher-name").boundingBox())!;
    // The ring reaches 4 px beyond the logo's box; at least 4 px more stand between it and the name.
    expect(name.x - (logo.x + logo.width)).toBeGreaterThanOrEqual(8);
  });
});

test.describe("a customer's Scores tab", () => {
  test("its cards stand apart, as on the other tabs", async ({ page }) => {
    await signIn(page, "partnerAdmin", `/admin/customers/${DEMO.customers.fabrikam.id}/details?tab=scores`);
    const scores = page.locator("section", { has: page.getByRole("heading", { name: "Fitness scores", level: 2 }) });
    const history = page.locator("section", { has: page.getByRole("heading", { name: "Score history", level: 2 }) });
    await expect(history).toBeVisible();
    const [above, below] = [(await scores.boundingBox())!, (await history.boundingBox())!];
    expect(below.y - (above.y + above.height)).toBeGreaterThanOrEqual(16);
  });
});

test.describe("zone fields in a browser on UTC", () => {
  test.use({ timezoneId: "UTC" });

  test("the weekly series starts in the organisation's zone, and every zone field shows the zone it holds, UTC among them", async ({ page }) => {
    await signIn(page, "partnerAdmin", "/jobs");
    const series = page.locator("form", { has: page.getByRole("button", { name: "Publish the series" }) });
    const zone = series.getByLabel("Time zone");
    // Ada's organisation is in Berlin, as the single times beside it say.
    await expect(zone).toHaveValue("Europe/Berlin");
    await expect(zone.locator("option:checked")).toHaveText(/^Europe\/Berlin \(GMT\+0?1:00\)$/);
    await zone.selectOption("UTC");
    await expect(zone).toHaveValue("UTC");

    await page.goto("/admin/availability");
    const hours = page.getByLabel("Time zone");
    await expect(hours).toHaveValue(/.+/);
    await expect(hours.locator("option:checked")).not.toHaveText("");
    await hours.selectOption("UTC");
    await expect(hours).toHaveValue("UTC");
  });
});

test.describe("Your Jobs' week and agenda", () => {
  const weekday = /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), /;

  test("each day is headed by its weekday and date, and a session under it reads as its time with the zone", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await signIn(page, "partnerAdmin", "/jobs");
    await page.getByRole("tab", { name: "Week" }).click();
    const week = page.getByRole("list", { name: "Sessions this week, by day" });
    await expect(week.getByRole("heading")).toHaveCount(7);
    for (const heading of await week.getByRole("heading").all()) await expect(heading).toHaveText(weekday);

    await page.getByRole("tab", { name: "Agenda" }).click();
    const agenda = page.getByRole("list", { name: "Upcoming sessions, by day" });
    await expect(agenda.getByRole("heading").first()).toHaveText(weekday);
    // The day is the heading's: the card's link starts with the time and names the zone ("4:00 PM GMT+1 · …").
    await expect(agenda.getByTestId("session-card").first().getByRole("link").first()).toHaveText(/^\d{1,2}:\d{2}\s?[AP]M GMT[+-]\d+ · /);
    await expectAccessible(page);
  });
});

test.describe("the people of a booking, for its customer", () => {
  test("the instructor's name lines up with the first attendee beside it", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await signIn(page, "customerAdmin", `/bookings?job=${STORY_DEMO.startedJobId}`);
    const people = page.getByTestId("job-people").first();
    const attendee = people.getByTestId("attendees").getByRole("listitem").first();
    const instructor = people.getByTestId("instructor").getByText("Ben Okafor");
    await expect(instructor).toBeVisible();
    // Measured once the panel has settled (the job's rows above it load in their own time).
    await expect.poll(async () => Math.abs((await attendee.boundingBox())!.y - (await instructor.boundingBox())!.y)).toBeLessThanOrEqual(1);
  });
});

/**
 * How far a control sits inside the nearest box around it that clips (one
 * that scrolls): the least of its gaps to that box's left and top edges. The
 * focus ring reaches 4 px beyond the control.
 */
const roomInClippingBox = (control: Locator) =>
  control.evaluate((el) => {
    let box = el.parentElement;
    while (box && getComputedStyle(box).overflowY === "visible" && getComputedStyle(box).overflowX === "visible") box = box.parentElement;
    if (!box) return Infinity;
    const [c, b] = [el.getBoundingClientRect(), box.getBoundingClientRect()];
    return Math.min(c.left - b.left, c.top - b.top);
  });

test.describe("lists of controls that scroll", () => {
  for (const width of [1280, 390])
    test(`at ${width} px a day's times stand in even columns, their focus ring inside the list that scrolls; a choice not offered says why`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 844 });
      await signIn(page, "customerAdmin", `/workout/${DEMO.workouts.dataLiteracy}/book`);
      const dialog = page.getByRole("dialog");
      await expect(dialog.getByText("Sessions", { exact: true })).toBeVisible();
      await dialog.getByRole("button", { name: "Next", exact: true }).click();
      // No open times: the choice that needs them says why it is not offered.
      await expect(dialog.getByRole("radio", { name: /Pick open times/ })).toBeDisabled();
      await expect(dialog.locator("label", { hasText: "Pick open times" })).toContainText("None published for this workout yet.");
      await dialog.getByRole("radio", { name: /Request times/ }).check();
      const picker = dialog.getByTestId("preferred-time").first();
      await expect(picker.getByText("Loading open times…")).toHaveCount(0);
      const month = picker.getByRole("status").first();
      const before = (await month.textContent()) ?? "";
      await picker.getByRole("button", { name: /next month/i }).click();
      await expect(month).not.toHaveText(before);
      await expect(picker.getByText("Loading open times…")).toHaveCount(0);
      await picker.locator('[role="grid"] button:not([disabled])').first().click();
      const times = picker.getByRole("radiogroup").locator("label");
      await expect(times.first()).toBeVisible();
      expect(await roomInClippingBox(times.first())).toBeGreaterThanOrEqual(4);
      const boxes = await times.evaluateAll((labels) =>
        labels.map((l) => l.getBoundingClientRect()).map((r) => ({ x: Math.round(r.x), width: Math.round(r.width) })),
      );
      expect(new Set(boxes.map((b) => b.width)).size).toBe(1);
      // Below the calendar on a phone, the times take the whole width: more than one column.
      expect(new Set(boxes.map((b) => b.x)).size).toBeGreaterThanOrEqual(2);
    });

  test("the people an assessment link can go to keep their checkboxes' focus ring inside the list", async ({ page }) => {
    await signIn(page, "partnerAdmin", `/admin/customers/${DEMO.customers.fabrikam.id}/details?tab=scores`);
    await page.getByRole("button", { name: "Send an assessment link" }).click();
    const first = page.getByRole("dialog").getByRole("checkbox").first();
    await expect(first).toBeVisible();
    expect(await roomInClippingBox(first)).toBeGreaterThanOrEqual(4);
    await expectAccessible(page);
  });
});

test.describe("the fitness assessment on a phone", () => {
  test("each statement's answers stand one under the other, in the scale's order", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    // Finn (Harbour Health, Contoso's customer): the assessment it opens is not one that Fabrikam's journeys count.
    await signIn(page, "otherCustomerAdmin", "/");
    const token = await page.evaluate(async () => {
      const auth = await fetch("/api/auth/token").then((r) => r.json<{ token: string }>());
      const res = await fetch("/v1/assessments/fitness-score", { headers: { Authorization: `Bearer ${auth.token}` } });
      return (await res.json<{ token: string }>()).token;
    });
    await page.goto(`/assessment/${token}`);
    const answers = page.getByTestId("assessment-question").first().locator("label");
    await expect(answers).toHaveCount(5);
    const boxes = await answers.evaluateAll((labels) => labels.map((l) => l.getBoundingClientRect()).map((r) => ({ x: r.x, y: r.y, bottom: r.bottom })));
    for (let i = 1; i < boxes.length; i++) {
      expect(boxes[i]!.x).toBe(boxes[0]!.x);
      expect(boxes[i]!.y).toBeGreaterThanOrEqual(boxes[i - 1]!.bottom);
    }
    await expectAccessible(page);
  });
});

test.describe("onboarding", () => {
  test("the organisation's name is as wide as the account type above it", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await signUpConfirmed(page, uniqueEmail("wide"), "Wren Wide");
    await open(page, "/onboarding");
    const type = (await page.getByLabel("Account type").boundingBox())!;
    const name = (await page.getByLabel("Organization name").boundingBox())!;
    expect(Math.abs(name.width - type.width)).toBeLessThanOrEqual(1);
    expect(name.x).toBe(type.x);
    await expectAccessible(page);
  });
});

test.describe("a job's sessions", () => {
  test("a session without action items or attachments says so, on a phone too", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, "partnerAdmin", `/jobs?job=${STORY_DEMO.freshRequestId}`);
    const sessions = page.getByRole("table", { name: /^Sessions of / });
    const first = sessions.locator("tbody tr").first();
    await expect(first.locator('td[data-label="Action items"]')).toHaveText("—");
    await expect(first.locator('td[data-label="Attachments"]')).toHaveText("—");
    await expectAccessible(page);
  });
});

test.describe("the audit trail", () => {
  test("on a phone, a rule sets each entry apart from the next", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, "partnerAdmin", `/admin/customers/${DEMO.customers.fabrikam.id}/details?tab=activity`);
    const first = page.getByTestId("audit-trail").getByRole("listitem").first();
    await expect(first).toBeVisible();
    const rule = await first.evaluate((el) => ({ style: getComputedStyle(el).borderBottomStyle, width: parseFloat(getComputedStyle(el).borderBottomWidth) }));
    expect(rule.style).toBe("solid");
    expect(rule.width).toBeGreaterThanOrEqual(1);
    await expectAccessible(page);
  });
});

/** The boxes of `items`, rounded to whole pixels. */
const boxesOf = (items: Locator) =>
  items.evaluateAll((els) => els.map((el) => el.getBoundingClientRect()).map((r) => ({ x: Math.round(r.x), y: Math.round(r.y), width: Math.round(r.width) })));

/** Whether nothing inside any of `items` runs out of its box sideways. */
const allFit = (items: Locator) => items.evaluateAll((els) => els.every((el) => el.scrollWidth <= el.clientWidth + 1));

test.describe("Home's stat cards on a phone", () => {
  test("a customer's score, workouts and streak stand two to a row, each whole in its card", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, "customerAdmin", "/");
    const cards = page.getByTestId("score-summary-cards").locator(":scope > *");
    await expect(cards).toHaveCount(4);
    await expect(page.getByTestId("month-streak")).toBeVisible();
    const boxes = await boxesOf(cards);
    // Two rows of two: side by side, the same width.
    expect(boxes.map((b) => b.y)).toEqual([boxes[0]!.y, boxes[0]!.y, boxes[2]!.y, boxes[2]!.y]);
    expect(boxes[1]!.x).toBeGreaterThan(boxes[0]!.x);
    expect(Math.abs(boxes[1]!.width - boxes[0]!.width)).toBeLessThanOrEqual(1);
    expect(await allFit(cards)).toBe(true);
    await expectAccessible(page);
  });

  test("a partner's cards of what needs attention stand two to a row, the last one alone taking the whole row", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, "partnerAdmin", "/");
    const list = page.getByTestId("attention-cards");
    const cards = list.getByRole("listitem");
    await expect(cards).toHaveCount(3);
    const [a, b, c] = await boxesOf(cards);
    expect(b!.y).toBe(a!.y);
    expect(b!.x).toBeGreaterThan(a!.x);
    expect(c!.y).toBeGreaterThan(a!.y);
    expect(Math.abs(c!.width - (await list.boundingBox())!.width)).toBeLessThanOrEqual(1);
    expect(await allFit(cards.getByRole("link"))).toBe(true);
    await expectAccessible(page);
  });
});

test.describe("a paged list's Load more", () => {
  test("the audit trail's is the paged lists' one: outlined and centred under its list", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await signIn(page, "partnerAdmin", `/admin/customers/${DEMO.customers.fabrikam.id}/details?tab=activity`);
    const list = page.getByTestId("audit-trail");
    const more = page.getByRole("button", { name: "Load more" });
    await expect(more).toBeVisible();
    const [l, m] = [(await list.boundingBox())!, (await more.boundingBox())!];
    expect(Math.abs(m.x + m.width / 2 - (l.x + l.width / 2))).toBeLessThanOrEqual(1);
    await expect(more).toHaveCSS("border-top-style", "solid");
    await expectAccessible(page);
  });
});

test.describe("Your Jobs' week beside the open sidebar", () => {
  test("at 1280 px each day keeps a readable column and the week scrolls sideways in its own box; on a phone the days stand one under the other", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await signIn(page, "partnerAdmin", "/jobs");
    await expect(page.getByTestId("sidebar")).toBeVisible();
    await page.getByRole("tab", { name: "Week" }).click();
    const days = page.getByRole("list", { name: "Sessions this week, by day" }).locator(":scope > li");
    await expect(days).toHaveCount(7);
    const columns = await boxesOf(days);
    expect(new Set(columns.map((d) => d.y)).size).toBe(1);
    for (const day of columns) expect(day.width).toBeGreaterThanOrEqual(160);
    const scroller = page.getByRole("region", { name: /^Week of / });
    expect(await scroller.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    await expect(scroller).toHaveAttribute("tabindex", "0");
    await expectAccessible(page);

    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(async () => new Set((await boxesOf(days)).map((d) => d.x)).size).toBe(1);
  });
});

test.describe("the partner's logo on the brand-coloured bar of its domain", () => {
  test("on a 320 px phone Northwind's wide wordmark stays clear of the organisation switcher", async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 700 });
    await signInOnDomain(page, "customerMember", PARTNER_ORIGIN);
    const logo = page.getByTestId("brand-logo");
    await expect(logo).toBeVisible();
    const [l, s] = [(await logo.boundingBox())!, (await page.getByTestId("organisation-switcher").boundingBox())!];
    // The plate's ring reaches 4 px beyond the image.
    expect(l.x + l.width + 4).toBeLessThanOrEqual(s.x);
  });

  test("on a phone Contoso's square logo sits on a plate of its own shape, not a wide white box", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInOnDomain(page, "otherCustomerAdmin", CONTOSO_ORIGIN);
    const logo = page.getByTestId("brand-logo");
    await expect(logo).toBeVisible();
    await expect
      .poll(() =>
        logo.evaluate(
          (img: HTMLImageElement) => img.getBoundingClientRect().width - (img.naturalWidth / img.naturalHeight) * img.getBoundingClientRect().height,
        ),
      )
      .toBeLessThanOrEqual(1);
    await expectAccessible(page);
  });
});

test.describe("filters on a phone", () => {
  test("Your Bookings' search and status take the whole width and its dates half each, not a ragged column", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, "customerAdmin", "/bookings");
    const bar = page.getByTestId("job-filters");
    const fields = bar.locator(":scope > *");
    await expect(fields).toHaveCount(4);
    const whole = (await bar.boundingBox())!.width;
    const [search, status, from, to] = await boxesOf(fields);
    for (const field of [search!, status!]) expect(Math.abs(field.width - whole)).toBeLessThanOrEqual(1);
    expect(to!.y).toBe(from!.y);
    expect(Math.abs(from!.width - to!.width)).toBeLessThanOrEqual(1);
    expect(from!.width * 2).toBeGreaterThan(whole - 16);
    await expectAccessible(page);
  });
});
