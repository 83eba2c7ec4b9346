/**
 * The scale simulation's fleet, made through the product's own API as people
 * would make it (never raw inserts): each partner's admin signs up, confirms
 * the address from the dev mailbox and onboards a partner (POST /v1/accounts,
 * placed on a shard by the product); the partner creates a workout and makes
 * it available; each customer's admin signs up, onboards a customer
 * organisation and links it to the partner by its TAN; the partner grants
 * credits; each booking is requested by the customer and confirmed by the
 * partner, its mail queued and delivered as in production.
 */
import assert from "node:assert/strict";

export const PASSWORD = "Scale-pass-2026!";

/** D1 figures of one answer (its Server-Timing `d1;desc="N calls, D sequential"`). */
export type D1Figures = { calls: number; depth: number };

export function d1FiguresOf(res: Response): D1Figures | null {
  const m = String(res.headers.get("server-timing") ?? "").match(/d1;desc="(\d+) calls, (\d+) sequential"/);
  return m ? { calls: Number(m[1]), depth: Number(m[2]) } : null;
}

export type Answer = { status: number; body: unknown; d1: D1Figures | null; res: Response };

/** A client of the served build on its main host (`origin`). */
export function client(origin: string) {
  async function send(
    method: string,
    path: string,
    init: { as?: Person; account?: string; cookie?: string; json?: unknown; form?: FormData } = {},
    fresh = false,
  ): Promise<Answer> {
    const headers: Record<string, string> = { Origin: origin };
    if (init.as) headers.Authorization = `Bearer ${init.as.token}`;
    if (init.account) headers["X-Account-Id"] = init.account;
    if (init.cookie) headers.Cookie = init.cookie;
    let body: BodyInit | undefined;
    if (init.json !== undefined) {
      headers["Content-Type"] = "application/json";
      body = JSON.stringify(init.json);
    } else if (init.form) body = init.form;
    const res = await fetch(new URL(path, origin), { method, headers, body, redirect: "manual" });
    // A bearer token lives minutes, a long simulation hours: a person's expired token is renewed from their session once.
    if (res.status === 401 && init.as && !fresh) {
      init.as.token = await tokenOf(init.as.cookie);
      return send(method, path, init, true);
    }
    const text = await res.text();
    const json = /application\/json/.test(res.headers.get("content-type") ?? "") && text ? (JSON.parse(text) as unknown) : text;
    return { status: res.status, body: json, d1: d1FiguresOf(res), res };
  }
  /** Like `send`, but a status other than `expected` stops the simulation. */
  async function must(expected: number, method: string, path: string, init: Parameters<typeof send>[2] = {}) {
    const a = await send(method, path, init);
    assert.equal(a.status, expected, `${method} ${path} answered ${a.status}: ${JSON.stringify(a.body).slice(0, 300)}`);
    return a;
  }
  /** A bearer token of the session `cookie` holds. */
  async function tokenOf(cookie: string): Promise<string> {
    const { body } = await must(200, "GET", "/api/auth/token", { cookie });
    return (body as { token: string }).token;
  }
  return { origin, send, must, tokenOf };
}
export type Client = ReturnType<typeof client>;

const cookieOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");

/** The confirmation token of the newest mail to `email` in the dev mailbox. */
async function confirmationToken(api: Client, email: string): Promise<string> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const { body } = await api.must(200, "GET", "/dev/mail");
    const items = String(body)
      .split('<li class="mail"')
      .filter((item) => item.includes(`data-to="${email.toLowerCase()}"`));
    for (const item of items) {
      const token = item.match(/\/verify-email\?token=([^"&<\s]+)/)?.[1];
      if (token) return decodeURIComponent(token);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no confirmation mail to ${email}`);
}

export type Person = { email: string; token: string; cookie: string };

/** Signs up, confirms the address from the mail (signed in by it) and takes a bearer token. */
export async function signUp(api: Client, email: string, name: string): Promise<Person> {
  await api.must(200, "POST", "/api/auth/sign-up/email", { json: { email, password: PASSWORD, name } });
  const token = await confirmationToken(api, email);
  const confirmed = await api.must(200, "POST", "/api/auth/confirm-email", { json: { token, password: PASSWORD } });
  const cookie = cookieOf(confirmed.res);
  return { email, cookie, token: await api.tokenOf(cookie) };
}

export const LOCATIONS = ["US", "UK", "CA"] as const;
const CURRENCY = { US: "USD", UK: "GBP", CA: "CAD" } as const;

/** Onboarding: the person's new account (a partner or a customer organisation). */
export async function onboard(api: Client, who: Person, type: "partner" | "customer", name: string, location: (typeof LOCATIONS)[number]) {
  const form = new FormData();
  form.set(
    "data",
    JSON.stringify({
      type,
      name,
      website: `${name.toLowerCase().replace(/[^a-z0-9]+/g, "-")}.test`,
      industry: "technology",
      size: "25-50",
      primaryEmail: who.email,
      currency: CURRENCY[location],
      location,
      language: location === "UK" ? "enGB" : "enUS",
    }),
  );
  const { body } = await api.must(201, "POST", "/v1/accounts", { as: who, form });
  return body as { id: string; tan: string | null; currency: string };
}

/**
 * Links the customer organisation to its partner by TAN, as its admin does on
 * the main domain. A customer onboarded there is on the default shard: with a
 * partner on another shard the link answers 202 and the re-link runs through
 * the flow queue (docs/decisions/2026-11-27-customer-relink.md), so this
 * waits until the account, read where the directory routes it, names the
 * partner. Says whether the customer moved.
 */
export async function linkToPartner(api: Client, person: Person, accountId: string, partner: { id: string; tan: string }): Promise<boolean> {
  const path = `/v1/admin/accounts/${accountId}/assign-parent`;
  const linked = await api.send("POST", path, { as: person, account: accountId, json: { tan: partner.tan } });
  if (linked.status === 200) return false;
  assert.equal(linked.status, 202, `POST ${path} answered ${linked.status}: ${JSON.stringify(linked.body).slice(0, 300)}`);
  for (let attempt = 0; attempt < 240; attempt++) {
    const { body } = await api.must(200, "GET", `/v1/accounts/${accountId}`, { as: person });
    if ((body as { parentAccountId: string | null }).parentAccountId === partner.id) return true;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the re-link of ${accountId} to its partner's shard did not run within a minute`);
}

/** The partner's workout (two sessions, priced on plan in credits), made available in its library. */
export async function publishWorkout(api: Client, admin: Person, partner: { id: string; tan: string; currency: string }, n: number): Promise<string> {
  const { body } = await api.must(201, "POST", "/v1/admin/workouts", {
    as: admin,
    account: partner.id,
    json: {
      name: `Scale workout ${n}`,
      sku: `SCALE-${n}-${Date.now().toString(36)}`,
      type: "workshop",
      category: "commsAndConnectivity",
      difficulty: "beginner",
      title: `Scale workout ${n}`,
      subtitle: "Made by the scale simulation",
      totalMinutes: 90,
      maxAttendees: 8,
      sessions: [
        {
          name: "Set up",
          shortSummary: "Numbers and policies",
          lengthMinutes: 45,
          actionItems: [{ assigneeType: "customer", stage: "beforeSession", name: "List users" }],
        },
        { name: "Go live", lengthMinutes: 45 },
      ],
      pricing: [
        { name: "On plan", priceType: "allCustomers", pricingType: "unit", onPlan: true, currency: partner.currency, amount: 1 },
        { name: "Off plan", priceType: "allCustomers", pricingType: "value", currency: partner.currency, amount: 120000 },
      ],
      deliveryPartners: [{ partnerTan: partner.tan, selectionPercent: 100 }],
    },
  });
  const workout = (body as { id: string }).id;
  for (const status of ["complete", "available"])
    await api.must(200, "POST", `/v1/admin/workouts/${workout}/status`, { as: admin, account: partner.id, json: { status } });
  return workout;
}

/** A customer's booking request for the workout's sessions on day `day` after 2030-01-01, confirmed by the partner at the first time asked. */
export async function bookAndConfirm(
  api: Client,
  customer: { person: Person; account: string },
  partner: { person: Person; account: string },
  workout: { id: string; sessions: string[] },
  day: number,
): Promise<{ book: Answer; confirm: Answer }> {
  const at = (d: number, h: number) => new Date(Date.UTC(2030, 0, 1 + d, h)).toISOString();
  const book = await api.must(201, "POST", "/v1/bookings", {
    as: customer.person,
    account: customer.account,
    json: {
      workoutId: workout.id,
      mode: "request",
      sessions: workout.sessions.map((sessionId, i) => ({ sessionId, times: [at(day + i, 9), at(day + i, 14)] })),
    },
  });
  const job = book.body as { id: string; lines: { id: string; requestedTimes: string[] }[] };
  const confirm = await api.must(200, "POST", `/v1/jobs/${job.id}/confirm`, {
    as: partner.person,
    account: partner.account,
    json: { lines: job.lines.map((l) => ({ lineId: l.id, time: l.requestedTimes[0] })) },
  });
  return { book, confirm };
}
