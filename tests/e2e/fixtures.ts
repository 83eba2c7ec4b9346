import AxeBuilder from "@axe-core/playwright";
import { expect, test as base, type BrowserContextOptions, type Page } from "@playwright/test";
import { request as httpRequest } from "node:http";
import { BOOT_ELEMENT_ID } from "../../contract/boot";

/** The served build's port: 4173 as in playwright.config.ts, or E2E_PORT for a run beside another one. */
export const E2E_PORT = process.env.E2E_PORT ?? "4173";
/** The product's main domain and the partners' connected custom domains (Northwind's, Contoso's), as the tests reach them. */
export const MAIN = `http://localhost:${E2E_PORT}`;
export const PARTNER_ORIGIN = `http://learn.northwind.test:${E2E_PORT}`;
export const CONTOSO_ORIGIN = `http://skills.contoso.test:${E2E_PORT}`;

/**
 * Every test fails on a console error or an uncaught page error of its page,
 * except those it expects: a test that provokes a failure on purpose says so
 * with `allowConsoleErrors(/pattern/)` (e.g. the 409 of a refused save).
 */
export const test = base.extend<{
  consoleErrors: string[];
  allowConsoleErrors: (pattern: RegExp) => void;
  allowedConsoleErrors: RegExp[];
  otherPerson: (options?: BrowserContextOptions) => Promise<Page>;
}>({
  page: async ({ page }, use) => use(waitsForTheApp(page)),
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
  allowedConsoleErrors: async ({}, use) => use([]),
  allowConsoleErrors: async ({ allowedConsoleErrors }, use) => use((pattern) => void allowedConsoleErrors.push(pattern)),
  consoleErrors: [
    async ({ page, allowedConsoleErrors }, use) => {
      const errors: string[] = [];
      page.on("console", (msg) => {
        if (msg.type() === "error") errors.push(msg.text());
      });
      page.on("pageerror", (err) => errors.push(err.message));
      await use(errors);
      expect(
        errors.filter((text) => !allowedConsoleErrors.some((re) => re.test(text))),
        "console errors",
      ).toEqual([]);
    },
    { auto: true },
  ],
  /**
   * Another person: a page in a browser context of its own (no shared
   * cookies), closed when the test ends. A page left open keeps running its
   * timers and requests and slows every later test of the worker.
   */
  otherPerson: async ({ browser }, use) => {
    const contexts: Awaited<ReturnType<typeof browser.newContext>>[] = [];
    await use(async (options) => {
      const context = await browser.newContext({ baseURL: MAIN, ...options });
      contexts.push(context);
      const page = await context.newPage();
      return options?.javaScriptEnabled === false ? page : waitsForTheApp(page);
    });
    await Promise.all(contexts.map((context) => context.close()));
  },
});

export { expect };

/**
 * axe on the whole page: no violations of WCAG 2.1 A/AA; and the page reflows
 * to the viewport (WCAG 1.4.10): nothing makes it scroll sideways, whatever
 * the width. Wide content (tables, carousels) scrolls inside its own box.
 */
export async function expectAccessible(page: Page) {
  const reflow = await page.evaluate(() => {
    const viewport = document.documentElement.clientWidth;
    const beyond = (el: Element) => el.getBoundingClientRect().right > viewport + 1;
    // The innermost boxes that stick out name the culprit.
    const culprits = [...document.body.querySelectorAll("*")]
      .filter((el) => beyond(el) && ![...el.children].some(beyond))
      .slice(0, 3)
      .map(
        (el) =>
          `${el.tagName.toLowerCase()}.${String(el.getAttribute("class") ?? "").slice(0, 60)} in ${String(el.parentElement?.getAttribute("class") ?? "").slice(0, 60)}`,
      );
    return { scrollWidth: document.documentElement.scrollWidth, viewport, culprits };
  });
  expect(
    reflow.scrollWidth,
    `the page is ${reflow.scrollWidth} px wide in a ${reflow.viewport} px viewport: ${reflow.culprits.join("; ")}`,
  ).toBeLessThanOrEqual(reflow.viewport);
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  // Each violation names its first nodes, so a failure says where to look.
  const where = (v: (typeof results.violations)[number]) =>
    v.nodes
      .slice(0, 3)
      .map((n) => `${n.target.join(" ")}${n.any[0]?.message ? ` — ${n.any[0].message}` : ""}`)
      .join("; ");
  expect(results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.length}) at ${where(v)}`)).toEqual([]);
}

/**
 * The raw HTML the server sends for `url`, fetched from Node with the URL's
 * host in the Host header but connecting to loopback (the *.test partner
 * domains resolve only inside the browser).
 */
export function serverHtml(url: string): Promise<string> {
  const u = new URL(url);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: "127.0.0.1", port: u.port, path: u.pathname + u.search, headers: { Host: u.host, Accept: "text/html" } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

/** Waits until the page's script has taken over the server's page (the client's first commit marks <html data-hydrated>). */
export async function hydrated(page: Page) {
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
}

/**
 * A test's page whose `goto` and `reload` return once the app has taken over
 * the server's page, when the page is the app's (it carries the boot data):
 * the server's page is on screen, whole, before its script runs, so a key
 * press then reaches no handler, a click on a button is answered only later
 * (client/app/early-taps.ts), and an assertion on the server's text passes
 * before the next step can act. On a loaded runner
 * that gap lasts seconds. Any other document (the dev mailbox, a file) is
 * returned as it loads; so is a navigation that asks to stop earlier than
 * `load`.
 */
function waitsForTheApp(page: Page): Page {
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  const takenOver = async (waitUntil: string | undefined) => {
    if (waitUntil !== undefined && waitUntil !== "load" && waitUntil !== "networkidle") return;
    if ((await page.locator(`script#${BOOT_ELEMENT_ID}`).count()) > 0) await hydrated(page);
  };
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    await takenOver(options?.waitUntil);
    return response;
  };
  page.reload = async (options) => {
    const response = await reload(options);
    await takenOver(options?.waitUntil);
    return response;
  };
  return page;
}

/**
 * Opens `url` as a person who then uses it: waits for the app to take over,
 * since a key press before that reaches no handler and a click on a button
 * is answered only once it has (the server's page is already on screen). A
 * test's own pages do the same on
 * every goto and reload (waitsForTheApp); `open` also serves a page made
 * elsewhere. Journeys about the server's page itself read it with
 * serverHtml, or in a browser without JavaScript.
 */
export async function open(page: Page, url: string) {
  const response = await page.goto(url);
  await hydrated(page);
  return response;
}
