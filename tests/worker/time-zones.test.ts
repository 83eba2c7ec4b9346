import { and, eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import { withBodies } from "./mail-bodies";
import { DEMO } from "../../db/seed";
import { ACCOUNT_DETAILS, apiAs, multipart, signUp } from "./auth";
import { call, json } from "./helpers";
import { customer, db, grantFabrikamCredits, partner, sessions, WORKOUT } from "./bookings-setup";
import { first } from "../present";
import { recipientTimeZone } from "../../worker/data/mail-context";
import { withoutPublishedHours } from "./published-hours";

withoutPublishedHours();

const NORTHWIND = DEMO.northwind.id;
const userZone = async (email: string) => first(await db.select().from(schema.users).where(eq(schema.users.email, email))).timeZone;
const accountZone = async (id: string) => first(await db.select().from(schema.accounts).where(eq(schema.accounts.id, id))).timeZone;

describe("PUT v1/users/{id}/time-zone", () => {
  it("stores the caller's zone in its canonical spelling and answers the user with it", async () => {
    const { token, email } = await signUp("Zoe Zone");
    const res = await apiAs(token).put("/v1/users/me/time-zone", { timeZone: "america/new_york" });
    expect(res.status).toBe(200);
    expect((await json(res)).timeZone).toBe("America/New_York");
    expect(await userZone(email)).toBe("America/New_York");
    expect((await json(await apiAs(token).get("/v1/users/me"))).timeZone).toBe("America/New_York");
  });

  it("answers 400 on timeZone for a zone the runtime does not know, or none, writing nothing", async () => {
    const { token, email } = await signUp("Zed Zone");
    for (const timeZone of ["Europe/Atlantis", "", "+05:00", "../../etc", 5]) {
      const res = await apiAs(token).put("/v1/users/me/time-zone", { timeZone });
      expect(res.status).toBe(400);
      expect((await json(res)).error.fields).toHaveProperty("timeZone");
    }
    expect(await userZone(email)).toBeNull();
  });

  it("answers 401 without a token and 404 for another user, whose zone stays", async () => {
    expect((await call("/v1/users/me/time-zone", { method: "PUT", body: JSON.stringify({ timeZone: "UTC" }) })).status).toBe(401);
    const other = await signUp("Other Person");
    const them = await json(await apiAs(other.token).get("/v1/users/me"));
    const { token } = await signUp("Nosy Person");
    expect((await apiAs(token).put(`/v1/users/${them.id}/time-zone`, { timeZone: "Asia/Tokyo" })).status).toBe(404);
    expect(await userZone(other.email)).toBeNull();
  });
});

describe("PUT v1/admin/accounts/{accountId}/time-zone", () => {
  const put = (who: Parameters<typeof apiAs>[0], id: string, body: unknown, accountId = id) =>
    apiAs(who, { accountId }).put(`/v1/admin/accounts/${id}/time-zone`, body);

  it("a partner's owner sets the partner's zone", async () => {
    const before = await accountZone(NORTHWIND);
    try {
      const res = await put("partnerAdmin", NORTHWIND, { timeZone: "Europe/Berlin" });
      expect(res.status).toBe(200);
      expect((await json(res)).timeZone).toBe("Europe/Berlin");
      expect(await accountZone(NORTHWIND)).toBe("Europe/Berlin");
    } finally {
      await db.update(schema.accounts).set({ timeZone: before }).where(eq(schema.accounts.id, NORTHWIND));
    }
  });

  it("answers 400 for an unknown zone, 401 without a token, 403 to a member or a customer, 404 for another tenant's partner", async () => {
    const before = await accountZone(NORTHWIND);
    expect((await json(await put("partnerAdmin", NORTHWIND, { timeZone: "Mars/Olympus" }))).error.fields).toHaveProperty("timeZone");
    expect((await put(null, NORTHWIND, { timeZone: "UTC" })).status).toBe(401);
    expect((await put("partnerMember", NORTHWIND, { timeZone: "UTC" })).status).toBe(403);
    expect((await put("customerAdmin", DEMO.customers.fabrikam.id, { timeZone: "UTC" })).status).toBe(403);
    // Contoso's owner, acting as Contoso, names Northwind.
    expect((await put("otherPartnerAdmin", NORTHWIND, { timeZone: "UTC" }, DEMO.contoso.id)).status).toBe(404);
    expect(await accountZone(NORTHWIND)).toBe(before);
  });

  it("a new partner's zone starts as its creator's", async () => {
    const { token } = await signUp("Pat Partner");
    await apiAs(token).put("/v1/users/me/time-zone", { timeZone: "Australia/Sydney" });
    const res = await apiAs(token).post(
      "/v1/accounts",
      multipart({ ...ACCOUNT_DETAILS, name: `Zone Partner ${crypto.randomUUID().slice(0, 4)}`, type: "partner" }),
    );
    expect(res.status).toBe(201);
    expect((await json(res)).timeZone).toBe("Australia/Sydney");
  });
});

describe("mail in each recipient's zone", () => {
  grantFabrikamCredits(100);
  // 2031-01-02 09:00 UTC: 4:00 AM in New York (EST), 10:00 in Berlin (GMT+1).
  const at = "2031-01-02T09:00:00.000Z";
  const later = "2031-01-03T09:00:00.000Z";

  it("writes the same booking's times in the customer's zone and in the partner's, naming each", async () => {
    const before = await accountZone(NORTHWIND);
    const cara = await userZone("cara@fabrikam.test");
    await db.update(schema.users).set({ timeZone: "America/New_York" }).where(eq(schema.users.email, "cara@fabrikam.test"));
    await db.update(schema.accounts).set({ timeZone: "Europe/Berlin" }).where(eq(schema.accounts.id, NORTHWIND));
    try {
      const s = await sessions();
      const res = await customer.post("/v1/bookings", {
        workoutId: WORKOUT,
        mode: "request",
        sessions: s.map((x, i) => ({ sessionId: x.id, times: [i === 0 ? at : later] })),
      });
      expect(res.status).toBe(201);
      const mail = (to: string, subject: string) =>
        withBodies(
          db
            .select()
            .from(schema.mailOutbox)
            .where(and(eq(schema.mailOutbox.to, to), like(schema.mailOutbox.subject, `${subject}%`)))
            .orderBy(schema.mailOutbox.createdAt),
        );
      const toCustomer = (await mail("cara@fabrikam.test", "We've received your booking request")).at(-1)!;
      const toPartner = (await mail("hello@northwind.test", "Booking requested")).at(-1)!;
      expect(toCustomer.text).toContain("Thu, Jan 2, 2031, 4:00 AM EST");
      expect(toCustomer.text).toContain("America/New_York");
      expect(toCustomer.text).not.toContain("UTC");
      expect(toPartner.text).toContain("Thu, Jan 2, 2031, 10:00 AM GMT+1");
      expect(toPartner.text).toContain("Europe/Berlin");
      expect(toPartner.html).toContain("10:00 AM GMT+1");

      // The calendar file carries the moment itself, in UTC with Z, whoever reads it.
      const job = await json(res);
      const confirmed = await partner.post(`/v1/jobs/${job.id}/confirm`, {
        lines: job.lines.map((l: { id: string; requestedTimes: string[] }) => ({ lineId: l.id, time: l.requestedTimes[0] })),
      });
      expect(confirmed.status).toBe(200);
      const ics = await (await customer.get(`/v1/bookings/${job.id}/lines/${job.lines[0].id}/calendar`)).text();
      expect(ics).toMatch(/^DTSTART:20310102T090000Z\r?$/m);
      expect(ics).toMatch(/^DTEND:\d{8}T\d{6}Z\r?$/m);
      expect(ics).not.toMatch(/^DTSTART;TZID/m);
      const attached = (await mail("cara@fabrikam.test", "Booking confirmed")).at(-1)!;
      expect(JSON.stringify(attached.attachments)).toContain("DTSTART:20310102T090000Z");
    } finally {
      await db.update(schema.users).set({ timeZone: cara }).where(eq(schema.users.email, "cara@fabrikam.test"));
      await db.update(schema.accounts).set({ timeZone: before }).where(eq(schema.accounts.id, NORTHWIND));
    }
  });

  it("without a zone of their own, the partner's staff read the partner's zone, and with neither, UTC", () => {
    expect(recipientTimeZone({ timeZone: null }, { timeZone: "Europe/Berlin" } as never)).toBe("Europe/Berlin");
    expect(recipientTimeZone({ timeZone: "Asia/Tokyo" }, { timeZone: "Europe/Berlin" } as never)).toBe("Asia/Tokyo");
    expect(recipientTimeZone(undefined, null)).toBe("UTC");
  });
});
