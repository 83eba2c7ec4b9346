import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { beforeAll, describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import { DEMO, DEMO_TIME_ZONES, STORY_DEMO } from "../../db/seed";
import { inList, insertRows } from "../../worker/data/bound";
import { ACCOUNT_DETAILS, apiAs, multipart, signUp } from "./auth";
import { holdClockInEachTest, zoneOffUtc } from "./clock";
import { TIME_ZONE_HEADER } from "../../contract/time-zone-header";
import { call, json } from "./helpers";
import { present } from "../present";
import { shardDbOf } from "./databases";

const db = drizzle(env.DB);
const NORTHWIND = DEMO.northwind.id;
const CONTOSO = DEMO.contoso.id;

/** RFC 4180 records of a CSV body (quoted fields, doubled quotes, CRLF). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") {
      row.push(field);
      field = "";
    } else if (ch === "\r" && text[i + 1] === "\n") {
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
      i++;
    } else field += ch;
  }
  expect(field).toBe("");
  expect(row).toEqual([]);
  return rows;
}

/** The export as records keyed by the header row, after checking the format. */
async function records(res: Response): Promise<Record<string, string>[]> {
  expect(res.status).toBe(200);
  expect(res.headers.get("Content-Type")).toBe("text/csv; charset=utf-8; header=present");
  expect(res.headers.get("Content-Disposition")).toMatch(/^attachment; filename="[a-z-]+-\d{4}-\d{2}-\d{2}\.csv"$/);
  const bytes = new Uint8Array(await res.arrayBuffer());
  expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const [header = [], ...rows] = parseCsv(new TextDecoder().decode(bytes.slice(3)));
  expect(header.length).toBeGreaterThan(0);
  expect(rows.every((r) => r.length === header.length)).toBe(true);
  return rows.map((r) => Object.fromEntries(header.map((h, i) => [h, r[i] ?? ""])));
}

/** The headers of the columns the tests read, for Ada (Northwind's owner) in en-US and her seeded zone (Berlin). */
const K = {
  id: "ID",
  workout: "Workout",
  customer: "Customer",
  partner: "Partner",
  status: "Status",
  booked_at: `Booked at (${DEMO_TIME_ZONES.partner})`,
  sessions: "Sessions",
  sessions_completed: "Sessions completed",
  completed_at: `Completed at (${DEMO_TIME_ZONES.partner})`,
  price: "Price",
  currency: "Currency",
  name: "Name",
  team_size: "Team size",
  credit_balance: "Credit balance",
  plan_name: "Plan",
  item_type: "Item type",
  quantity: "Quantity",
  category: "Category",
  score_name: "Score name",
  score_percent: "Score percent",
  entries: "Entries",
} as const;

const HOSTILE = '=HYPERLINK("http://evil.test","Click")';

beforeAll(async () => {
  // A Northwind customer whose name is a formula, and a Contoso job to stay out of Northwind's export.
  await db
    .insert(schema.accounts)
    .values({ id: "e0000000-0000-4000-8000-000000000001", type: "customer", name: HOSTILE, parentAccountId: NORTHWIND, currency: "USD" });
  await (await shardDbOf(CONTOSO)).insert(schema.jobs).values({
    id: "e0000000-0000-4000-8000-000000000002",
    accountId: DEMO.customers.harbour.id,
    partnerAccountId: CONTOSO,
    deliveryPartnerAccountId: CONTOSO,
    workoutId: DEMO.workouts.excelForAnalysts,
    status: "confirmed",
    priceAmount: 45_005,
    currency: "GBP",
  });
});

describe("GET v1/admin/exports/jobs", () => {
  it("streams the partner's jobs, one row each, newest first, with ISO dates and money in major units", async () => {
    const rows = await records(await apiAs("partnerAdmin").get("/v1/admin/exports/jobs"));
    const seeded = await db.select().from(schema.jobs).where(eq(schema.jobs.partnerAccountId, NORTHWIND));
    expect(rows.map((r) => r[K.id]).sort()).toEqual(seeded.map((j) => j.id).sort());
    expect(rows.map((r) => r[K.booked_at])).toEqual([...rows.map((r) => r[K.booked_at])].sort().reverse());
    const overdue = rows.find((r) => r[K.id] === STORY_DEMO.overdueRequestId)!;
    const job = seeded.find((j) => j.id === STORY_DEMO.overdueRequestId)!;
    expect(overdue).toMatchObject({
      [K.customer]: "Fabrikam Manufacturing",
      [K.partner]: "Northwind Learning",
      [K.status]: "Booking Requested",
      [K.currency]: "USD",
    });
    expect(overdue[K.price]).toBe(`${Math.floor(job.priceAmount! / 100)}.${String(job.priceAmount! % 100).padStart(2, "0")}`);
    expect(overdue[K.booked_at]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    const completed = rows.filter((r) => r[K.status] === "Completed");
    expect(completed.length).toBeGreaterThan(5);
    expect(completed.every((r) => r[K.sessions] === r[K.sessions_completed] && /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/.test(r[K.completed_at] ?? ""))).toBe(true);
    expect(rows.some((r) => r[K.customer] === "Harbour Health Trust")).toBe(false);
  });

  it("applies Your Jobs' filters: search by customer or workout, status and booked dates", async () => {
    const alpine = await records(await apiAs("partnerAdmin").get("/v1/admin/exports/jobs?q=alpine"));
    expect(alpine.length).toBeGreaterThan(0);
    expect(alpine.every((r) => r[K.customer] === "Alpine Ski House")).toBe(true);
    const copilot = await records(await apiAs("partnerAdmin").get("/v1/admin/exports/jobs?q=copilot&status=completed"));
    expect(copilot.length).toBeGreaterThan(0);
    expect(copilot.every((r) => /Copilot/.test(r[K.workout] ?? "") && r[K.status] === "Completed")).toBe(true);
    const none = await records(await apiAs("partnerAdmin").get("/v1/admin/exports/jobs?from=2001-01-01&to=2001-01-02"));
    expect(none).toEqual([]);
  });

  it("pages through more rows than one read holds", async () => {
    const ids = Array.from({ length: 230 }, () => crypto.randomUUID());
    const rows = ids.map((id, i) => ({
      id,
      accountId: DEMO.customers.tailspin.id,
      partnerAccountId: NORTHWIND,
      workoutId: DEMO.workouts.modernMeetings,
      status: "awaitingScheduling" as const,
      createdAt: `2020-01-01T00:00:${String(i % 60).padStart(2, "0")}.000Z`,
    }));
    const [head, ...more] = insertRows(db, schema.jobs, rows);
    await db.batch([present(head, "an insert"), ...more]);
    const out = await records(await apiAs("partnerAdmin").get("/v1/admin/exports/jobs?to=2020-12-31"));
    expect(out).toHaveLength(230);
    expect(new Set(out.map((r) => r[K.id])).size).toBe(230);
    await db.delete(schema.jobs).where(inList(schema.jobs.id, ids));
  });

  it("answers 400 for a bad filter, 401 without a token, 403 to a partner member or a customer", async () => {
    const bad = await apiAs("partnerAdmin").get("/v1/admin/exports/jobs?status=lost&from=yesterday");
    expect(bad.status).toBe(400);
    expect(Object.keys((await json(bad)).error.fields).sort()).toEqual(["from", "status"]);
    expect((await call("/v1/admin/exports/jobs")).status).toBe(401);
    expect((await apiAs("partnerMember").get("/v1/admin/exports/jobs")).status).toBe(403);
    expect((await apiAs("customerAdmin").get("/v1/admin/exports/jobs")).status).toBe(403);
  });

  it("gives another partner only its own jobs", async () => {
    const rows = await records(await apiAs("otherPartnerAdmin").get("/v1/admin/exports/jobs"));
    expect(rows.map((r) => r[K.id])).toEqual(["e0000000-0000-4000-8000-000000000002"]);
    expect(rows[0]).toMatchObject({ [K.customer]: "Harbour Health Trust", [K.price]: "450.05", [K.currency]: "GBP" });
  });
});

describe("GET v1/admin/exports/customers, credit-entries and scores", () => {
  it("exports the partner's customers by name, a formula-looking name made inert", async () => {
    const rows = await records(await apiAs("partnerAdmin").get("/v1/admin/exports/customers"));
    expect(rows.map((r) => r[K.name])).toEqual([`'${HOSTILE}`, "Alpine Ski House", "Fabrikam Manufacturing", "Tailspin Logistics"]);
    expect(rows.find((r) => r[K.name] === "Fabrikam Manufacturing")).toMatchObject({
      [K.id]: DEMO.customers.fabrikam.id,
      [K.team_size]: "2",
      [K.credit_balance]: String(DEMO.credits),
      [K.currency]: "USD",
    });
    // The search box of Your Customers: the file holds what the list shows (name or email), and nothing of another partner.
    const searched = await records(await apiAs("partnerAdmin").get("/v1/admin/exports/customers?search=fabrikam"));
    expect(searched.map((r) => r[K.name])).toEqual(["Fabrikam Manufacturing"]);
    expect(await records(await apiAs("partnerAdmin").get("/v1/admin/exports/customers?search=harbour"))).toEqual([]);
    const tooLong = await apiAs("partnerAdmin").get(`/v1/admin/exports/customers?search=${"x".repeat(101)}`);
    expect(tooLong.status).toBe(400);
    expect((await apiAs(null).get("/v1/admin/exports/customers?search=fabrikam")).status).toBe(401);
    const other = await records(await apiAs("otherPartnerAdmin").get("/v1/admin/exports/customers"));
    expect(other.map((r) => r[K.name])).toEqual(["Harbour Health Trust", "Wide World Importers"]);
  });

  it("exports the customers Your Customers' price-group filter keeps, with the search too", async () => {
    const path = "/v1/admin/exports/customers";
    const inGroup = await records(await apiAs("partnerAdmin").get(`${path}?priceGroup=${DEMO.northwind.priceGroupId}`));
    expect(inGroup.map((r) => [r[K.name], r["Price group"]])).toEqual([["Fabrikam Manufacturing", "Enterprise"]]);
    const none = await records(await apiAs("partnerAdmin").get(`${path}?priceGroup=none`));
    expect(none.map((r) => r[K.name])).toEqual([`'${HOSTILE}`, "Alpine Ski House", "Tailspin Logistics"]);
    expect((await records(await apiAs("partnerAdmin").get(`${path}?priceGroup=none&search=alpine`))).map((r) => r[K.name])).toEqual(["Alpine Ski House"]);
    // Another partner's group holds none of Northwind's customers; a filter that is no group is 400; no token is 401.
    expect(await records(await apiAs("partnerAdmin").get(`${path}?priceGroup=${DEMO.contoso.priceGroupId}`))).toEqual([]);
    const bad = await apiAs("partnerAdmin").get(`${path}?priceGroup=banana`);
    expect(bad.status).toBe(400);
    expect((await json(bad)).error.fields).toHaveProperty("priceGroup");
    expect((await apiAs(null).get(`${path}?priceGroup=none`)).status).toBe(401);
    expect((await apiAs("partnerMember").get(`${path}?priceGroup=none`)).status).toBe(403);
  });

  it("exports every credit line of the partner's customers with its entry, signed quantities as numbers", async () => {
    const rows = await records(await apiAs("partnerAdmin").get("/v1/admin/exports/credit-entries"));
    expect(new Set(rows.map((r) => r[K.customer]))).toEqual(new Set(["Alpine Ski House", "Fabrikam Manufacturing", "Tailspin Logistics"]));
    expect(rows.find((r) => r[K.customer] === "Fabrikam Manufacturing")).toMatchObject({
      [K.plan_name]: "Learning Plus",
      [K.item_type]: "Plan adjustment",
      [K.quantity]: String(DEMO.credits),
    });
    const other = await records(await apiAs("otherPartnerAdmin").get("/v1/admin/exports/credit-entries"));
    expect(other.every((r) => ["Harbour Health Trust", "Wide World Importers"].includes(r[K.customer] ?? ""))).toBe(true);
  });

  it("exports the scores of the partner's customers and its unassigned ones, not another partner's", async () => {
    const rows = await records(await apiAs("partnerAdmin").get("/v1/admin/exports/scores"));
    const ids = rows.map((r) => r[K.id]);
    expect(ids).toContain(DEMO.scores.fabrikamAi);
    expect(ids).toContain(DEMO.scores.orphaned);
    expect(rows.find((r) => r[K.id] === DEMO.scores.orphaned)![K.customer]).toBe("");
    expect(rows.find((r) => r[K.id] === DEMO.scores.fabrikamAi)).toMatchObject({
      [K.customer]: "Fabrikam Manufacturing",
      [K.category]: "AI and automation",
      [K.score_name]: "Northwind Learn",
      [K.score_percent]: "68",
      [K.entries]: "2",
    });
    const other = await records(await apiAs("otherPartnerAdmin").get("/v1/admin/exports/scores"));
    expect(other.some((r) => ids.includes(r[K.id]))).toBe(false);
  });

  it("quotes every text cell and makes a formula inert wherever a spreadsheet could start a cell (OWASP)", async () => {
    const names = ["Acme;=1+1", "Acme,@SUM(A1)", " =1+1", "\t=1+1", "Acme\n-2+3", "Plain; fine"];
    const ids = names.map(() => crypto.randomUUID());
    await db
      .insert(schema.accounts)
      .values(names.map((name, i) => ({ id: ids[i]!, type: "customer" as const, name, parentAccountId: NORTHWIND, currency: "USD" as const })));
    try {
      const res = await apiAs("partnerAdmin").get("/v1/admin/exports/customers");
      const text = await res.clone().text();
      const byId = new Map((await records(res)).map((r) => [r[K.id], r[K.name]]));
      expect(ids.map((id) => byId.get(id))).toEqual(["'Acme;=1+1", "'Acme,@SUM(A1)", "' =1+1", "'\t=1+1", "'Acme\n-2+3", "Plain; fine"]);
      // Raw: each of them is one quoted field, so no separator inside it starts a new cell.
      for (const id of ids) expect(text).toContain(`"${id}","${byId.get(id)}"`);
    } finally {
      await db.delete(schema.accounts).where(inList(schema.accounts.id, ids));
    }
  });

  it("answers 401 without a token and 403 to a partner member or a customer", async () => {
    for (const path of ["customers", "credit-entries", "scores"]) {
      expect((await call(`/v1/admin/exports/${path}`)).status).toBe(401);
      expect((await apiAs("partnerMember").get(`/v1/admin/exports/${path}`)).status).toBe(403);
      expect((await apiAs("customerAdmin").get(`/v1/admin/exports/${path}`)).status).toBe(403);
    }
  });

  it("are described in the OpenAPI document as CSV", async () => {
    const doc = await json(await call("/v1/openapi.json"));
    for (const path of ["jobs", "customers", "credit-entries", "scores"]) {
      expect(doc.paths[`/v1/admin/exports/${path}`].get.responses["200"].content).toHaveProperty("text/csv");
    }
  });
});

describe("exports in the reader's words and zone", () => {
  it("heads each column with the product's label and each time column with the reader's zone, writing times on their wall clock", async () => {
    const ada = apiAs("partnerAdmin");
    expect((await ada.put("/v1/users/me/time-zone", { timeZone: "UTC" })).status).toBe(200);
    const utc = await records(await ada.get("/v1/admin/exports/jobs"));
    expect((await ada.put("/v1/users/me/time-zone", { timeZone: "Europe/Berlin" })).status).toBe(200);
    expect((await ada.post("/v1/users", multipart({ language: "enGB" }))).status).toBe(200);
    try {
      const res = await ada.get("/v1/admin/exports/jobs");
      const text = await res.clone().text();
      const header = text.slice(1, text.indexOf("\r\n"));
      expect(header).toContain('"Booked at (Europe/Berlin)"');
      expect(header).toContain('"Cancelled at (Europe/Berlin)"');
      expect(header).not.toMatch(/booked_at|awaitingConfirmation/);
      const berlin = await records(res);
      const overdue = berlin.find((r) => r.ID === STORY_DEMO.overdueRequestId)!;
      const before = utc.find((r) => r.ID === STORY_DEMO.overdueRequestId)!;
      expect(overdue.Status).toBe("Booking Requested");
      // The same moment, an hour or two later on Berlin's clock than on UTC's.
      const shift =
        (Date.parse(`${overdue["Booked at (Europe/Berlin)"]!.replace(" ", "T")}:00Z`) - Date.parse(`${before["Booked at (UTC)"]!.replace(" ", "T")}:00Z`)) /
        3600_000;
      expect([1, 2]).toContain(shift);
      const cancelled = berlin.filter((r) => r["Cancellation reason"]);
      expect(cancelled.every((r) => !/^[a-z]+[A-Z]/.test(r["Cancellation reason"]!))).toBe(true);

      const scores = await records(await ada.get("/v1/admin/exports/scores"));
      expect(scores.find((r) => r.ID === DEMO.scores.fabrikamAi)).toMatchObject({
        Category: "AI and automation",
        Source: expect.not.stringMatching(/^manual$|^assessment$/),
      });
      expect(Object.keys(scores[0]!)).toEqual(expect.arrayContaining(["Assessed at (Europe/Berlin)", "Created at (Europe/Berlin)"]));
      const customers = await records(await ada.get("/v1/admin/exports/customers"));
      expect(customers.find((r) => r.Name === "Fabrikam Manufacturing")!.Language).not.toMatch(/^en(US|GB|AU)$/);
      const credits = await records(await ada.get("/v1/admin/exports/credit-entries"));
      expect(Object.keys(credits[0]!)).toContain("Entered at (Europe/Berlin)");
      expect(credits.every((r) => !/^(planAdjustment|bonus|consumption)$/.test(r["Item type"] ?? ""))).toBe(true);
    } finally {
      await ada.put("/v1/users/me/time-zone", { timeZone: DEMO_TIME_ZONES.partner });
      await ada.post("/v1/users", multipart({ language: "enUS" }));
    }
  });
});

describe("an export's file is named by the reader's day, not UTC's", () => {
  // The test and the Worker read one instant: a day's turn between them cannot change the answer.
  holdClockInEachTest();
  const PATHS = ["jobs", "customers", "credit-entries", "scores"] as const;
  const fileOf = (res: Response) => res.headers.get("Content-Disposition");

  it("names every export by today in the user's stored zone, the zone its time columns are in", async () => {
    const { zone, day, utcDay } = zoneOffUtc();
    const ada = apiAs("partnerAdmin");
    expect((await ada.put("/v1/users/me/time-zone", { timeZone: zone })).status).toBe(200);
    try {
      for (const path of PATHS) {
        const res = await ada.get(`/v1/admin/exports/${path}`);
        expect(res.status).toBe(200);
        expect(fileOf(res)).toBe(`attachment; filename="${path}-${day}.csv"`);
        expect(fileOf(res)).not.toContain(utcDay);
        await res.body?.cancel();
      }
    } finally {
      await ada.put("/v1/users/me/time-zone", { timeZone: DEMO_TIME_ZONES.partner });
    }
  });

  it("without a stored zone, by today in the zone the browser sends (times too); with neither, UTC's", async () => {
    const { zone, day, utcDay } = zoneOffUtc();
    const person = await signUp("Zone Less Exporter");
    const made = await apiAs(person.token).post("/v1/accounts", multipart({ ...ACCOUNT_DETAILS, name: "Zone Less Partner", type: "partner" }));
    expect(made.status).toBe(201);
    const accountId = (await json<{ id: string }>(made)).id;
    expect((await json(await apiAs(person.token).get("/v1/users/me"))).timeZone).toBeNull();

    const sent = await apiAs(person.token, { accountId, headers: { [TIME_ZONE_HEADER]: zone } }).get("/v1/admin/exports/jobs");
    expect(fileOf(sent)).toBe(`attachment; filename="jobs-${day}.csv"`);
    const header = (await sent.text()).split("\r\n")[0]!;
    expect(header).toContain(`"Booked at (${zone})"`);

    const none = await apiAs(person.token, { accountId }).get("/v1/admin/exports/scores");
    expect(fileOf(none)).toBe(`attachment; filename="scores-${utcDay}.csv"`);
    await none.body?.cancel();
  });
});
