import { readFileSync } from "node:fs";
import { signUpNewPartner } from "./auth";
import { expect, expectAccessible, MAIN, open, test } from "./fixtures";

/**
 * While an organisation's data moves to another data centre (the operator's
 * move of a partner to another shard), a save is refused with 503 and
 * Retry-After; the screen says that changes are paused for a few minutes,
 * not "something went wrong" (docs/decisions/2026-11-27-paused-writes-say-so.md).
 * A partner of its own, so no other journey's partner is paused.
 */

/** The served build's operator secret (scripts/serve-build.mjs writes it beside the build for the local server only). */
const operatorSecret = () => readFileSync("dist/techfit/.dev.vars", "utf8").match(/^OPERATOR_SECRET=(\S+)$/m)?.[1] ?? "";

for (const theme of ["light", "dark"] as const) {
  test(`a save while the partner's data moves says changes are paused, in the ${theme} theme on a phone`, async ({ page, allowConsoleErrors }) => {
    test.setTimeout(90_000);
    allowConsoleErrors(/status of 503/);
    await page.addInitScript((t) => localStorage.setItem("theme", t), theme);
    await signUpNewPartner(page, `Quill Partners ${Date.now().toString(36)}`, "Quinn Quill");
    const { token } = (await (await page.request.get(`${MAIN}/api/auth/token`)).json()) as { token: string };
    const me = (await (await page.request.get(`${MAIN}/v1/users/me`, { headers: { Authorization: `Bearer ${token}` } })).json()) as {
      accounts: { id: string }[];
    };
    const partner = me.accounts[0]!.id;
    // The operator begins moving it to whichever shard it is not on.
    let phase = "done";
    for (const to of ["weur-1", "first"]) {
      const res = await page.request.post(`${MAIN}/v1/operator/shard-moves`, {
        headers: { Authorization: `Bearer ${operatorSecret()}` },
        data: { partner, to },
      });
      expect(res.status(), await res.text()).toBe(200);
      phase = ((await res.json()) as { phase: string }).phase;
      if (phase !== "done") break;
    }
    expect(phase).toBe("copying");

    await page.setViewportSize({ width: 375, height: 812 });
    await open(page, "/admin/profile");
    await page.getByRole("button", { name: "Create team" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Team name").fill("Paused team");
    await dialog.getByLabel("Department").selectOption({ index: 1 });
    // The list's refetch after the refused save answers slowly, as on a loaded device: the dialog's own
    // failure toast comes only once it is back, seconds after the notice.
    await page.route("**/v1/admin/teams", async (route) => {
      if (route.request().method() === "GET") await new Promise((r) => setTimeout(r, 4000));
      await route.fallback();
    });
    const refetched = page.waitForResponse((r) => r.url().endsWith("/v1/admin/teams") && r.request().method() === "GET");
    await dialog.getByRole("button", { name: "Save" }).click();
    // The toast itself: Radix's announcement of it (a role="status" span) is gone after a second.
    const notice = page.getByTestId("toast").filter({ hasText: "Changes are paused for a few minutes" });
    await expect(notice).toBeVisible();
    await expect(notice).toContainText("data is being moved to another data center");
    await refetched;
    // The dialog's catch runs as soon as the list is in; give it a moment, then the notice must still be the toast.
    await page.waitForTimeout(1000);
    await expect(notice).toBeVisible();
    await expect(page.getByText("Team not saved")).toHaveCount(0);
    // The dialog keeps what was typed, to save again once the move is over.
    await expect(dialog.getByLabel("Team name")).toHaveValue("Paused team");
    await expectAccessible(page);
  });
}
