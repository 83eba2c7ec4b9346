import type { Page } from "@playwright/test";
import { DEMO } from "../../db/seed/data";
import { signIn, type DemoUserKey } from "./auth";
import { expect, expectAccessible, MAIN, open, test } from "./fixtures";

/**
 * A Northwind workout that Contoso delivers from its own shard (weur-1):
 * Northwind lists it naming Contoso (by its partner number) as its delivery
 * partner, Contoso adds it (its copy lands on its shard) and publishes open
 * times for it there; Northwind's customer picks them in the booking overlay
 * and is Booked at once, and Contoso sees the booking on its Jobs.
 */
// Several flow steps (publish, the copy, the delivery copy) run through the queue between the screens.
const SLOW = { timeout: 30_000 };

/** The API as `who`, signed in on `page`. */
async function apiOf(page: Page, who: DemoUserKey) {
  await signIn(page, who, "/");
  const { token } = (await (await page.request.get(`${MAIN}/api/auth/token`)).json()) as { token: string };
  const headers = { Authorization: `Bearer ${token}` };
  return {
    get: (path: string) => page.request.get(`${MAIN}${path}`, { headers }),
    post: (path: string, data?: unknown) => page.request.post(`${MAIN}${path}`, { headers, data }),
  };
}

/** A time `days` ahead at `hour` UTC. */
const ahead = (days: number, hour: number) => {
  const d = new Date(Date.now() + days * 86_400_000);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), hour)).toISOString();
};

test.describe("a delivering partner's open times on its own shard", () => {
  test.describe.configure({ timeout: 150_000 });

  test("Northwind's customer books the times Contoso published for a workout Contoso delivers; Contoso sees the booking on its Jobs", async ({
    otherPerson,
  }) => {
    const title = `Teams Rooms Rollout ${Date.now().toString(36)}`;
    const northwind = await apiOf(await otherPerson(), "partnerAdmin");
    const created = await northwind.post("/v1/admin/workouts", {
      name: title,
      sku: `E2E-${Date.now().toString(36)}`,
      type: "workshop",
      category: "commsAndConnectivity",
      difficulty: "beginner",
      title,
      subtitle: "Rooms that just work",
      totalMinutes: 90,
      maxAttendees: 8,
      partnerVisibility: "listed",
      sessions: [
        { name: "Plan the rooms", lengthMinutes: 45 },
        { name: "Go live", lengthMinutes: 45 },
      ],
      pricing: [{ name: "Off plan", priceType: "allCustomers", pricingType: "value", currency: "USD", amount: 90000 }],
      deliveryPartners: [{ partnerTan: DEMO.contoso.tan, name: DEMO.contoso.name, selectionPercent: 100 }],
    });
    expect(created.status(), await created.text()).toBe(201);
    const { id } = (await created.json()) as { id: string };
    for (const status of ["complete", "available"]) {
      const moved = await northwind.post(`/v1/admin/workouts/${id}/status`, { status });
      expect(moved.status(), await moved.text()).toBe(200);
    }

    // Contoso finds it in the catalogue once published, adds it, and publishes a time for each session on its shard.
    const contosoPage = await otherPerson();
    const contoso = await apiOf(contosoPage, "otherPartnerAdmin");
    await expect
      .poll(async () => ((await (await contoso.get("/v1/admin/workouts/listed")).json()) as { id: string }[]).some((w) => w.id === id), SLOW)
      .toBe(true);
    expect((await contoso.post(`/v1/admin/workouts/${id}/library`)).status()).toBe(201);
    // At once: the publish step indexed Contoso before the workout was listed, and the copy just added names Northwind's shard.
    const delivered = (await (await contoso.get("/v1/admin/slots/workouts")).json()) as { id: string; sessions: { id: string }[] }[];
    const sessions = delivered.find((w) => w.id === id)?.sessions ?? [];
    expect(sessions).toHaveLength(2);
    for (const [i, s] of sessions.entries()) {
      const slot = await contoso.post("/v1/admin/slots", { workoutId: id, sessionId: s.id, startsAt: ahead(40 + i, 10), capacity: 4 });
      expect(slot.status(), await slot.text()).toBe(201);
    }

    // Northwind's customer sees Contoso's times in the overlay and books them.
    const customer = await otherPerson();
    await signIn(customer, "customerAdmin", `/workout/${id}/book`);
    const dialog = customer.getByRole("dialog");
    await expect(dialog.getByText("Sessions", { exact: true })).toBeVisible(SLOW);
    await dialog.getByRole("button", { name: "Next", exact: true }).click();
    await dialog.getByRole("radio", { name: /Pick open times/ }).check();
    const seats = dialog.getByRole("radio", { name: /4 seats left/ });
    await expect(seats).toHaveCount(2);
    await expectAccessible(customer);
    await seats.nth(0).check();
    await seats.nth(1).check();
    await dialog.getByRole("button", { name: "Next", exact: true }).click();
    const posted = customer.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/v1/bookings");
    await dialog.getByRole("button", { name: "Confirm booking" }).click();
    const booking = await posted;
    expect(booking.status()).toBe(201);
    const jobId = ((await booking.json()) as { id: string }).id;
    await expect(customer).toHaveURL(/\/bookings$/);
    const mine = customer.getByTestId("job-row").filter({ hasText: title });
    await expect(mine.getByTestId("status")).toHaveText("Booked");

    // Contoso sees it on its Jobs, Booked (its delivery copy written through the queue).
    await expect.poll(async () => (await contoso.get(`/v1/jobs/${jobId}`)).status(), SLOW).toBe(200);
    await open(contosoPage, `/jobs?job=${jobId}`);
    const theirs = contosoPage.getByTestId("job-row").filter({ hasText: title });
    await expect(theirs).toHaveCount(1, SLOW);
    await expect(theirs.getByTestId("status")).toHaveText("Booked");
    await expectAccessible(contosoPage);
    // The seat is taken on Contoso's shard: its time shows one seat fewer.
    const left = (await (await contoso.get(`/v1/admin/slots?workoutId=${id}`)).json()) as { seatsTaken: number }[];
    expect(left.map((s) => s.seatsTaken)).toEqual([1, 1]);
  });
});
