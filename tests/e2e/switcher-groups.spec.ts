import type { Page } from "@playwright/test";
import { DEMO } from "../../db/seed/data";
import { signUpConfirmed, uniqueEmail } from "./auth";
import { expect, expectAccessible, MAIN, open, test } from "./fixtures";

/**
 * The organisation switcher on the main domain groups a user's organisations
 * by provider, each group named by its label (role="group"), the user's own
 * partner accounts in a group of their own
 * (docs/decisions/2026-11-27-switcher-groups-by-provider.md).
 */

const SHOTS = process.env.SCREENSHOTS_DIR;

/** A new person with a customer of Northwind (first shard), one of Contoso (second shard) and a partner account of their own; answers their names. */
async function personUnderTwoProviders(page: Page) {
  const tag = Date.now().toString(36);
  await signUpConfirmed(page, uniqueEmail("groups"), "Gia Groups");
  const { token } = (await (await page.request.get(`${MAIN}/api/auth/token`)).json()) as { token: string };
  const headers = { Authorization: `Bearer ${token}`, Origin: MAIN };
  const create = async (name: string, type: "customer" | "partner") => {
    const data = {
      type,
      name,
      website: "https://example.com",
      industry: "technology",
      size: "1-10",
      primaryEmail: "gia@example.com",
      currency: "USD",
      location: "US",
      language: "enUS",
    };
    const res = await page.request.post(`${MAIN}/v1/accounts`, { headers, multipart: { data: JSON.stringify(data) } });
    expect(res.status(), await res.text()).toBe(201);
    return ((await res.json()) as { id: string }).id;
  };
  const link = async (id: string, tan: string) => {
    const res = await page.request.post(`${MAIN}/v1/admin/accounts/${id}/assign-parent`, { headers: { ...headers, "X-Account-Id": id }, data: { tan } });
    expect([200, 202], await res.text()).toContain(res.status());
  };
  const names = { northwind: `Aster Works ${tag}`, contoso: `Birch Clinic ${tag}`, own: `Cedar Coaching ${tag}` };
  await link(await create(names.northwind, "customer"), DEMO.northwind.tan);
  await link(await create(names.contoso, "customer"), DEMO.contoso.tan);
  await create(names.own, "partner");
  return names;
}

/** Opens the switcher's menu once the customer linked to Contoso is listed under it (a link to another shard lands through the Queue). */
async function openGroups(page: Page) {
  await expect(async () => {
    await open(page, "/");
    await page.getByTestId("organisation-switcher").click();
    await expect(page.getByRole("menu").getByRole("group", { name: DEMO.contoso.name })).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 45_000 });
}

for (const theme of ["light", "dark"] as const) {
  test(`on the main domain the switcher groups the organisations by provider, in the ${theme} theme and on a phone`, async ({ page }) => {
    test.setTimeout(90_000);
    await page.addInitScript((t) => localStorage.setItem("theme", t), theme);
    await page.setViewportSize({ width: 1280, height: 800 });
    const names = await personUnderTwoProviders(page);
    await openGroups(page);

    const menu = page.getByRole("menu");
    const groups = menu.getByRole("group");
    await expect(groups).toHaveCount(3);
    // Each group is named by its visible label: the user's partner accounts first, then the providers in alphabetical order.
    await expect(groups.nth(0)).toHaveAccessibleName("Your partner accounts");
    await expect(groups.nth(1)).toHaveAccessibleName(DEMO.contoso.name);
    await expect(groups.nth(2)).toHaveAccessibleName(DEMO.northwind.name);
    await expect(menu.getByRole("group", { name: "Your partner accounts" }).getByRole("menuitemradio")).toHaveText([new RegExp(names.own)]);
    await expect(menu.getByRole("group", { name: DEMO.northwind.name }).getByRole("menuitemradio")).toHaveText([new RegExp(names.northwind)]);
    await expect(menu.getByRole("group", { name: DEMO.contoso.name }).getByRole("menuitemradio")).toHaveText([new RegExp(names.contoso)]);
    await expectAccessible(page);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/switcher-groups-1280-${theme}.png` });

    // On a phone the same groups, each name whole; the button's tooltip still gives the active name.
    await page.keyboard.press("Escape");
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByTestId("organisation-switcher").click();
    await expect(groups).toHaveCount(3);
    for (const label of await page.getByTestId("organisation-group-label").all()) {
      expect(await label.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    }
    const box = (await menu.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await expectAccessible(page);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/switcher-groups-390-${theme}.png` });

    // Choosing one in another group switches to it.
    await menu.getByRole("menuitemradio", { name: new RegExp(names.contoso) }).click();
    await expect(page.getByTestId("organisation-switcher")).toHaveAccessibleName(new RegExp(names.contoso));
    await page.getByTestId("organisation-switcher").focus();
    await expect(page.getByRole("tooltip")).toContainText(names.contoso);
  });
}
