import type { Page } from "@playwright/test";
import { DEMO } from "../../db/seed/data";
import { signUpConfirmed, uniqueEmail } from "./auth";
import { expect, expectAccessible, MAIN, open, test } from "./fixtures";

/**
 * Two providers of the same name keep a switcher group each, both named by
 * that name, each with its own customers: the switcher tells providers by
 * their id (docs/decisions/2026-11-27-switcher-groups-by-provider-id.md).
 */

const DETAILS = { website: "https://example.com", industry: "technology", size: "1-10", currency: "USD", location: "US", language: "enUS" };

/** The signed-in page's API as its person, with `X-Account-Id` when given. */
async function apiOf(page: Page) {
  const { token } = (await (await page.request.get(`${MAIN}/api/auth/token`)).json()) as { token: string };
  const headers = { Authorization: `Bearer ${token}`, Origin: MAIN };
  const create = async (name: string, type: "customer" | "partner") => {
    const data = { ...DETAILS, type, name, primaryEmail: "owner@example.com" };
    const res = await page.request.post(`${MAIN}/v1/accounts`, { headers, multipart: { data: JSON.stringify(data) } });
    expect(res.status(), await res.text()).toBe(201);
    return (await res.json()) as { id: string; tan: string | null };
  };
  const link = async (id: string, tan: string) => {
    const res = await page.request.post(`${MAIN}/v1/admin/accounts/${id}/assign-parent`, { headers: { ...headers, "X-Account-Id": id }, data: { tan } });
    expect([200, 202], await res.text()).toContain(res.status());
  };
  return { create, link };
}

test("two providers of the same name each have their group in the switcher, with their own customers", async ({ page, otherPerson }) => {
  test.setTimeout(90_000);
  const tag = Date.now().toString(36);
  // Another person runs a partner that bears Northwind's name.
  const rival = await otherPerson();
  await signUpConfirmed(rival, uniqueEmail("namesake"), "Nia Namesake");
  const namesake = await (await apiOf(rival)).create(DEMO.northwind.name, "partner");
  expect(namesake.tan).toMatch(/^\d+$/);

  await signUpConfirmed(page, uniqueEmail("twins"), "Tia Twins");
  const api = await apiOf(page);
  const withNorthwind = `Oak Works ${tag}`;
  const withNamesake = `Pine Works ${tag}`;
  await api.link((await api.create(withNorthwind, "customer")).id, DEMO.northwind.tan);
  await api.link((await api.create(withNamesake, "customer")).id, namesake.tan!);

  await open(page, "/");
  await page.getByTestId("organisation-switcher").click();
  const menu = page.getByRole("menu");
  const groups = menu.getByRole("group", { name: DEMO.northwind.name });
  await expect(groups).toHaveCount(2);
  const members = await Promise.all([0, 1].map((i) => groups.nth(i).getByRole("menuitemradio").allTextContents()));
  expect(members.map((m) => m.length)).toEqual([1, 1]);
  expect(members.flat().map((t) => t.replace(/Customer$/, ""))).toEqual(expect.arrayContaining([withNorthwind, withNamesake]));
  await expectAccessible(page);
});
