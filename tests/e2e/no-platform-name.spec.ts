import type { APIRequestContext, Page } from "@playwright/test";
import { DEFAULT_STYLING } from "../../contract/styling";
import { DEMO } from "../../db/seed/data";
import { DEMO_PASSWORD, DEMO_USERS, signInWithForm, uniqueEmail } from "./auth";
import { expect, hydrated, MAIN, PARTNER_ORIGIN, test } from "./fixtures";
import { pickTime } from "./picker";

/**
 * White-label: a partner's customer (Cara, of Fabrikam, a Northwind customer)
 * never meets the product's name or its default colours, on any screen of the
 * partner's domain nor in any mail she gets.
 */

const hexRgb = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
/** The product's own colours (its defaults, not white, which any brand may use). */
const PLATFORM_COLOURS = [...new Set([DEFAULT_STYLING.brandColour, DEFAULT_STYLING.gradientColourOne, DEFAULT_STYLING.gradientColourTwo])];
/** Each colour as a page or mail may write it: hex, rgb()/rgba() and the space-separated channels of a CSS variable. */
const COLOUR_FORMS = PLATFORM_COLOURS.flatMap((hex) => {
  const [r, g, b] = hexRgb(hex);
  return [hex, `rgb(${r}, ${g}, ${b})`, `rgba(${r}, ${g}, ${b}`, `${r} ${g} ${b}`];
});

/** What of the product's name or colours `text` holds (case-insensitive), named by `where`. */
function leaks(where: string, text: string): string[] {
  const lower = text.toLowerCase();
  const found: string[] = [];
  if (lower.includes(DEFAULT_STYLING.platformName.toLowerCase()))
    found.push(`${where}: "${DEFAULT_STYLING.platformName}" in …${excerpt(text, DEFAULT_STYLING.platformName)}…`);
  for (const form of COLOUR_FORMS) if (lower.includes(form.toLowerCase())) found.push(`${where}: ${form} in …${excerpt(text, form)}…`);
  return found;
}

function excerpt(text: string, needle: string) {
  const at = text.toLowerCase().indexOf(needle.toLowerCase());
  return text.slice(Math.max(0, at - 60), at + needle.length + 60).replace(/\s+/g, " ");
}

/** The page's text, title, alternative texts and labels, and the computed colours of every element (brand buttons, links, the header). */
async function checkPage(page: Page, label: string): Promise<string[]> {
  await hydrated(page);
  // Let the screen's data arrive (skeletons replaced) before reading it.
  await page.waitForLoadState("networkidle").catch(() => undefined);
  const seen = await page.evaluate(() => {
    const colours = new Set<string>();
    const props = ["color", "background-color", "border-top-color", "border-bottom-color", "outline-color", "background-image", "fill", "stroke"];
    for (const el of [document.documentElement, ...document.querySelectorAll("body *")]) {
      const style = getComputedStyle(el);
      for (const prop of props) colours.add(style.getPropertyValue(prop));
    }
    const root = getComputedStyle(document.documentElement);
    const variables = ["--brand", "--gradient-1", "--gradient-2", "--brand-text"].map((v) => root.getPropertyValue(v));
    const labels = [...document.querySelectorAll("[alt], [aria-label], [title], [placeholder]")].map((el) =>
      ["alt", "aria-label", "title", "placeholder"].map((a) => el.getAttribute(a) ?? "").join(" "),
    );
    const meta = [...document.querySelectorAll("meta[content]")].map((m) => m.getAttribute("content") ?? "");
    return {
      text: document.body.innerText,
      title: document.title,
      labels: labels.join("\n"),
      meta: meta.join("\n"),
      colours: [...colours, ...variables].join("\n"),
    };
  });
  return [
    ...leaks(`${label} text`, seen.text),
    ...leaks(`${label} <title>`, seen.title),
    ...leaks(`${label} alt/labels`, seen.labels),
    ...leaks(`${label} <meta>`, seen.meta),
    ...leaks(`${label} colours`, seen.colours),
  ];
}

/** A partner admin's API (bearer token from the main domain) to confirm Cara's request. */
async function partnerApi(request: APIRequestContext) {
  const res = await request.post(`${MAIN}/api/auth/sign-in/email`, {
    data: { email: DEMO_USERS.partnerAdmin.email, password: DEMO_PASSWORD },
    headers: { Origin: MAIN },
  });
  expect(res.status(), await res.text()).toBe(200);
  const { token } = (await (await request.get(`${MAIN}/api/auth/token`)).json()) as { token: string };
  return { Authorization: `Bearer ${token}` };
}

/** The dev mailbox's mails to `email`: subject, from-name, text, HTML and attachments' text. */
async function mailsTo(page: Page, email: string) {
  await page.goto(`${MAIN}/dev/mail`);
  const items = page.locator(`li.mail[data-to="${email.toLowerCase()}"]`);
  const mails: { subject: string; all: string[] }[] = [];
  for (const item of await items.all()) {
    const subject = (await item.locator("h2").textContent()) ?? "";
    const all = [`subject|${subject}`, `from, text|${(await item.textContent()) ?? ""}`];
    for (const link of await item.locator('a[href^="/dev/mail/"]').all()) {
      const href = (await link.getAttribute("href"))!;
      all.push(`${href.includes("/attachments/") ? "calendar file" : "HTML"}|${await (await page.request.get(`${MAIN}${href}`)).text()}`);
    }
    mails.push({ subject, all });
  }
  return mails;
}

test("a partner's customer meets neither the product's name nor its colours, on screen or in mail", async ({ page, playwright, allowConsoleErrors }) => {
  test.setTimeout(120_000);
  allowConsoleErrors(/status of 404/); // the not-found screen, visited on purpose
  const found: string[] = [];
  const check = async (label: string) => found.push(...(await checkPage(page, label)));
  const workout = DEMO.workouts.dataLiteracy;

  // Signed out on the partner's domain: Help, sign-up and forgot-password stay there; sign-in is the main domain's, in Northwind's look.
  for (const path of ["/help", "/signup", "/forgot-password", "/no-such-page"]) {
    await page.goto(`${PARTNER_ORIGIN}${path}`);
    await check(`signed out ${path}`);
  }
  const toSignIn = async () => {
    await page.goto(`${PARTNER_ORIGIN}/bookings`);
    await expect(page).toHaveURL(new RegExp(`^${MAIN}/login\\?redirectUrl=`));
  };
  await toSignIn();
  await check("sign-in");
  // The sign-in's own ways on: forgot password and sign up, as reached from there.
  for (const link of ["Forgot password?", "Sign up"]) {
    await hydrated(page);
    await page.getByRole("link", { name: link, exact: true }).click();
    await expect(page).not.toHaveURL(/\/login\?/);
    await check(`${link} from the sign-in`);
    await toSignIn();
  }
  await signInWithForm(page, DEMO_USERS.customerAdmin.email);
  await expect(page).toHaveURL(`${PARTNER_ORIGIN}/`, { timeout: 20_000 });

  // The assessment's link, as Cara is given it.
  const assessment = await page.evaluate(async () => {
    const auth = await fetch("/api/auth/token").then((r) => r.json<{ token: string }>());
    const res = await fetch("/v1/assessments/fitness-score", { headers: { Authorization: `Bearer ${auth.token}` } });
    return (await res.json<{ token: string }>()).token;
  });
  const screens = [
    "/",
    "/workouts",
    "/workouts?search=data",
    `/workout/${workout}`,
    "/bookings",
    "/activity",
    `/assessment/${assessment}`,
    "/my-list",
    "/admin/profile",
    "/help",
    "/404",
  ];
  for (const theme of ["light", "dark"]) {
    await page.evaluate((theme) => localStorage.setItem("theme", theme), theme);
    for (const path of screens) {
      await page.goto(`${PARTNER_ORIGIN}${path}`);
      await expect(page.locator("html")).toHaveClass(theme === "dark" ? /dark/ : /^(?!.*\bdark\b)/);
      await check(`${theme} ${path}`);
    }
  }
  await page.evaluate(() => localStorage.setItem("theme", "light"));

  // The booking overlay, step by step: a request for times.
  await page.goto(`${PARTNER_ORIGIN}/workout/${workout}/book`);
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByText("Sessions", { exact: true })).toBeVisible();
  await check("booking: sessions");
  await dialog.getByRole("button", { name: "Next", exact: true }).click();
  await dialog.getByRole("radio", { name: /Request times/ }).check();
  await check("booking: times");
  const pickers = dialog.getByTestId("preferred-time");
  for (let i = 0; i < (await pickers.count()); i++) await pickTime(pickers.nth(i), { months: 1, day: 2 + i });
  await dialog.getByRole("button", { name: "Next", exact: true }).click();
  await expect(dialog.getByText("The team confirms within 24 hours")).toBeVisible();
  await check("booking: review");
  await dialog.getByRole("button", { name: "Confirm booking" }).click();
  await expect(page).toHaveURL(/\/bookings$/);

  // Northwind confirms the first proposed times: Cara is mailed the confirmation with its calendar file.
  const partner = await playwright.request.newContext();
  const auth = await partnerApi(partner);
  const jobs = (await (await partner.get(`${MAIN}/v1/jobs`, { headers: auth })).json()) as {
    items: { id: string; status: string; workout: { id: string }; lines: { id: string; requestedTimes: string[] }[] }[];
  };
  const job = jobs.items.find((j) => j.workout.id === workout && j.status === "awaitingConfirmation")!;
  const confirmed = await partner.post(`${MAIN}/v1/jobs/${job.id}/confirm`, {
    headers: auth,
    data: { lines: job.lines.map((l) => ({ lineId: l.id, time: l.requestedTimes[0] })) },
  });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  await partner.dispose();
  await page.goto(`${PARTNER_ORIGIN}/bookings?job=${job.id}`);
  await expect(page.getByTestId("job-row")).toHaveCount(1);
  await check("a booking's details");

  // A teammate invited; a password reset asked for on the partner's domain.
  const teammate = uniqueEmail("teammate");
  await page.goto(`${PARTNER_ORIGIN}/admin/profile`);
  await page.getByRole("button", { name: "Invite", exact: true }).click();
  const invite = page.getByRole("dialog", { name: "Invite team members" });
  await invite.getByLabel("Email addresses").fill(teammate);
  await check("invite dialog");
  await invite.getByRole("button", { name: "Send invites" }).click();
  await expect(page.getByTestId("toast").getByText("Invites sent", { exact: true })).toBeVisible();
  const resetPage = await page.context().browser()!.newPage();
  await resetPage.goto(`${PARTNER_ORIGIN}/forgot-password`);
  await hydrated(resetPage);
  await resetPage.getByLabel("Email address").fill(DEMO_USERS.customerAdmin.email);
  await resetPage.getByRole("button", { name: "Send reset link" }).click();
  await expect(resetPage.getByText(/we've sent it a link/)).toBeVisible();
  await resetPage.close();

  // Every mail: subject, from-name, text, HTML and calendar file (PRODID, ORGANIZER, DESCRIPTION).
  const cara = await mailsTo(page, DEMO_USERS.customerAdmin.email);
  const subjects = cara.map((m) => m.subject).join(" | ");
  for (const kind of [/request/i, /confirmed/i, /password/i]) expect(subjects, `Cara's mails: ${subjects}`).toMatch(kind);
  const mails = [...cara, ...(await mailsTo(page, teammate))];
  expect(mails.some((m) => m.all.some((part) => part.startsWith("calendar file|BEGIN:VCALENDAR")))).toBe(true);
  for (const mail of mails)
    for (const part of mail.all) {
      const [kind, body] = [part.slice(0, part.indexOf("|")), part.slice(part.indexOf("|") + 1)];
      // Calendar UIDs keep their "@techfit" suffix: they name events already in people's calendars, which a new UID would orphan.
      const text = kind === "calendar file" ? body.replace(/^UID:[^\r\n]*@techfit\r?$/gm, "UID:…") : body;
      found.push(...leaks(`mail "${mail.subject}" ${kind}`, text));
    }

  expect(found).toEqual([]);
});
