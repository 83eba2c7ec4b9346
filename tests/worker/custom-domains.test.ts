import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { afterEach, describe, expect, it, vi } from "vitest";
import * as schema from "../../db/schema";
import { DEMO } from "../../db/seed";
import { authed, tokenFor } from "./auth";
import { call, json } from "./helpers";

const db = drizzle(env.DB, { schema });
const VERIFY = "/.well-known/techfit-verification";

const add = (token: string | null, body: unknown, accountId?: string) =>
  call("/v1/admin/custom-domains", {
    method: "POST",
    body: JSON.stringify(body),
    ...(token ? authed(token, { accountId, headers: { "Content-Type": "application/json" } }) : { headers: { "Content-Type": "application/json" } }),
  });
const connect = (token: string | null, id: string, accountId?: string) =>
  call(`/v1/admin/custom-domains/${id}/connect`, { method: "POST", ...(token ? authed(token, { accountId }) : {}) });
const remove = (token: string | null, id: string, accountId?: string) =>
  call(`/v1/admin/custom-domains/${id}`, { method: "DELETE", ...(token ? authed(token, { accountId }) : {}) });
const rowOf = async (uri: string) => (await db.select().from(schema.customDomains).where(eq(schema.customDomains.uri, uri)))[0];
const count = async () => (await db.select().from(schema.customDomains)).length;

let n = 0;
const unique = (suffix = "academy.test") => `d${Date.now().toString(36)}${++n}.${suffix}`;

/**
 * The outside world, through the runtime's outbound fetch: a domain that
 * "points to this product" answers the verification path the way this Worker
 * does (the request goes to the Worker with the domain as its host).
 */
function domainsPointingHere(...uris: string[]) {
  const real = globalThis.fetch;
  return vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const host = request.headers.get("X-Forwarded-Host") ?? request.headers.get("Host") ?? url.hostname;
    if (url.pathname !== VERIFY) return real(input, init);
    if (!uris.includes(host)) throw new TypeError("fetch failed: getaddrinfo ENOTFOUND " + host);
    return call(VERIFY, { host });
  });
}

afterEach(() => vi.restoreAllMocks());

describe("POST /v1/admin/custom-domains", () => {
  it("adds a domain awaiting connection, with the DNS record to create", async () => {
    const uri = unique();
    const res = await add(await tokenFor("partnerAdmin"), { uri: `  ${uri.toUpperCase()}. ` });
    expect(res.status).toBe(201);
    const d = await json(res);
    expect(d).toMatchObject({ uri, state: "awaitingConnection", isSatellite: true, connectedAt: null });
    expect(d.dnsRecord).toEqual({ type: "CNAME", name: uri, value: "localhost" });
    expect(d.verificationToken).toBeUndefined();
    const row = await rowOf(uri);
    expect(row.accountId).toBe(DEMO.northwind.id);
    expect(row.verificationToken).toMatch(/^techfit-[0-9a-f]{48}$/);
  });

  it("accepts real public suffixes (ICANN and private)", async () => {
    const token = await tokenFor("partnerAdmin");
    for (const uri of [unique("example.co.uk"), unique("northwind.com")]) {
      expect((await add(token, { uri })).status).toBe(201);
    }
  });

  it.each([
    ["https://learn.globex.com", "Domain must not include the protocol"],
    ["globex.com", "Domain must be a subdomain"],
    ["globex.co.uk", "Domain must be a subdomain"],
    ["learn.globex.notarealtld", "Invalid TLD"],
    ["learn globex.com", "Must be a host name"],
    ["", "Required"],
  ])("refuses %j with %j and writes nothing", async (uri, message) => {
    const before = await count();
    const res = await add(await tokenFor("partnerAdmin"), { uri });
    expect(res.status).toBe(400);
    expect((await json(res)).error.fields.uri).toBe(message);
    expect(await count()).toBe(before);
  });

  it("answers 409 'Value already exists' for a domain another partner (or the same one) holds", async () => {
    const taken = await add(await tokenFor("partnerAdmin"), { uri: DEMO.contoso.domain });
    expect(taken.status).toBe(409);
    expect((await json(taken)).error).toMatchObject({ code: "conflict", message: "Value already exists", fields: { uri: "Value already exists" } });
    expect((await rowOf(DEMO.contoso.domain)).accountId).toBe(DEMO.contoso.id);
    expect((await add(await tokenFor("partnerAdmin"), { uri: DEMO.northwind.domain })).status).toBe(409);
  });

  it("answers 401 without a token and 403 for a member, a customer or another partner's account, writing nothing", async () => {
    const before = await count();
    const uri = unique();
    expect((await add(null, { uri })).status).toBe(401);
    expect((await add(await tokenFor("partnerMember"), { uri })).status).toBe(403);
    expect((await add(await tokenFor("customerAdmin"), { uri })).status).toBe(403);
    expect((await add(await tokenFor("otherPartnerAdmin"), { uri }, DEMO.northwind.id)).status).toBe(403);
    expect(await count()).toBe(before);
  });
});

describe("GET /v1/admin/custom-domains", () => {
  it("lists only the acting partner's domains with state and DNS record", async () => {
    const res = await call("/v1/admin/custom-domains", authed(await tokenFor("otherPartnerAdmin")));
    expect(res.status).toBe(200);
    const { items } = await json(res);
    expect(items.map((d: { uri: string }) => d.uri)).toEqual([DEMO.contoso.domain]);
    expect(items[0]).toMatchObject({ state: "connected", dnsRecord: { type: "CNAME", name: DEMO.contoso.domain } });
    const mine = await json(await call("/v1/admin/custom-domains", authed(await tokenFor("partnerAdmin"))));
    expect(mine.items.map((d: { uri: string }) => d.uri)).toContain(DEMO.northwind.domain);
    expect(mine.items.map((d: { uri: string }) => d.uri)).not.toContain(DEMO.contoso.domain);
  });

  it("answers 401 and 403 like the other admin calls", async () => {
    expect((await call("/v1/admin/custom-domains")).status).toBe(401);
    expect((await call("/v1/admin/custom-domains", authed(await tokenFor("partnerMember")))).status).toBe(403);
    expect((await call("/v1/admin/custom-domains", authed(await tokenFor("customerAdmin")))).status).toBe(403);
    expect((await call("/v1/admin/custom-domains", authed(await tokenFor("otherPartnerAdmin"), { accountId: DEMO.northwind.id }))).status).toBe(403);
  });
});

describe("GET /.well-known/techfit-verification", () => {
  it("answers a registered domain's token on that host, and 404 elsewhere", async () => {
    const res = await call(VERIFY, { host: DEMO.northwind.domain });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("seed-northwind-verification");
    expect((await call(VERIFY, { host: "unknown.academy.test" })).status).toBe(404);
    expect((await call(VERIFY)).status).toBe(404);
  });
});

describe("POST /v1/admin/custom-domains/{id}/connect", () => {
  it("connects a domain that serves this product, over the runtime's outbound fetch", async () => {
    const token = await tokenFor("partnerAdmin");
    const uri = unique();
    const d = await json(await add(token, { uri }));
    // Before connecting, the domain is a satellite host without a partner.
    expect(await json(await call("/v1/custom-domains/exist?uri=" + uri))).toEqual({ exists: false });
    const outbound = domainsPointingHere(uri);
    const res = await connect(token, d.id);
    expect(res.status).toBe(200);
    expect(await json(res)).toMatchObject({ id: d.id, state: "connected", connectedAt: expect.any(String) });
    const asked = new Request(outbound.mock.calls[0][0], outbound.mock.calls[0][1]);
    expect(new URL(asked.url).pathname).toBe(VERIFY);
    expect(asked.headers.get("Host") ?? new URL(asked.url).hostname).toBe(uri);
    expect(await json(await call("/v1/custom-domains/exist?uri=" + uri))).toEqual({ exists: true });
    // The next page on it wears the partner's branding at once.
    expect(await (await call("/login", { host: uri })).text()).toContain(`<title>${DEMO.northwind.platformName}</title>`);
  });

  it("asks http://<domain>/.well-known/techfit-verification for a domain with a real TLD", async () => {
    const token = await tokenFor("partnerAdmin");
    const uri = unique("northwind.com");
    const d = await json(await add(token, { uri }));
    const row = await rowOf(uri);
    const outbound = vi.spyOn(globalThis, "fetch").mockImplementation(async (input) => {
      const url = new Request(input).url;
      return new Response(url === `http://${uri}${VERIFY}` ? row.verificationToken : "nope");
    });
    expect((await connect(token, d.id)).status).toBe(200);
    expect(outbound).toHaveBeenCalledTimes(1);
  });

  it("answers 409 with the reason when the domain is unreachable or serves something else, and stays awaiting", async () => {
    const token = await tokenFor("partnerAdmin");
    const uri = unique();
    const d = await json(await add(token, { uri }));
    domainsPointingHere(); // nothing points here: DNS fails
    const unreachable = await connect(token, d.id);
    expect(unreachable.status).toBe(409);
    expect((await json(unreachable)).error.message).toContain(`${uri} could not be reached`);
    vi.restoreAllMocks();
    vi.spyOn(globalThis, "fetch").mockImplementation(async () => new Response("someone else's site", { status: 200 }));
    const wrong = await connect(token, d.id);
    expect(wrong.status).toBe(409);
    expect((await json(wrong)).error.message).toContain("does not serve this platform");
    expect((await rowOf(uri)).state).toBe("awaitingConnection");
    expect(await json(await call("/v1/custom-domains/exist?uri=" + uri))).toEqual({ exists: false });
  });

  it("answers 404 for another partner's domain (nothing changed, nothing fetched) and 400 for a bad id", async () => {
    const outbound = vi.spyOn(globalThis, "fetch");
    const contoso = await rowOf(DEMO.contoso.domain);
    const res = await connect(await tokenFor("partnerAdmin"), contoso.id);
    expect(res.status).toBe(404);
    expect(JSON.stringify(await json(res))).not.toContain(DEMO.contoso.domain);
    expect((await connect(await tokenFor("partnerAdmin"), "not-a-uuid")).status).toBe(400);
    expect((await connect(await tokenFor("partnerAdmin"), crypto.randomUUID())).status).toBe(404);
    expect(outbound).not.toHaveBeenCalled();
  });

  it("answers 401 and 403 like the other admin calls", async () => {
    const id = (await rowOf(DEMO.northwind.domain)).id;
    expect((await connect(null, id)).status).toBe(401);
    expect((await connect(await tokenFor("partnerMember"), id)).status).toBe(403);
    expect((await connect(await tokenFor("customerAdmin"), id)).status).toBe(403);
    expect((await connect(await tokenFor("otherPartnerAdmin"), id, DEMO.northwind.id)).status).toBe(403);
  });
});

describe("DELETE /v1/admin/custom-domains/{id}", () => {
  it("deletes the partner's domain; its host then wears the default styling", async () => {
    const token = await tokenFor("partnerAdmin");
    const uri = unique();
    const d = await json(await add(token, { uri }));
    domainsPointingHere(uri);
    await connect(token, d.id);
    const res = await remove(token, d.id);
    expect(res.status).toBe(204);
    expect(await rowOf(uri)).toBeUndefined();
    expect(await (await call("/login", { host: uri })).text()).toContain("<title>TechFIT</title>");
    expect((await remove(token, d.id)).status).toBe(404);
  });

  it("answers 404 for another partner's domain and 400 for a bad id, deleting nothing", async () => {
    const contoso = await rowOf(DEMO.contoso.domain);
    expect((await remove(await tokenFor("partnerAdmin"), contoso.id)).status).toBe(404);
    expect((await remove(await tokenFor("partnerAdmin"), "nope")).status).toBe(400);
    expect(await rowOf(DEMO.contoso.domain)).toBeDefined();
  });

  it("answers 401 and 403 like the other admin calls, deleting nothing", async () => {
    const id = (await rowOf(DEMO.northwind.domain)).id;
    expect((await remove(null, id)).status).toBe(401);
    expect((await remove(await tokenFor("partnerMember"), id)).status).toBe(403);
    expect((await remove(await tokenFor("customerAdmin"), id)).status).toBe(403);
    expect((await remove(await tokenFor("otherPartnerAdmin"), id, DEMO.northwind.id)).status).toBe(403);
    const still = await db
      .select()
      .from(schema.customDomains)
      .where(and(eq(schema.customDomains.id, id), eq(schema.customDomains.accountId, DEMO.northwind.id)));
    expect(still).toHaveLength(1);
  });
});

describe("Cloudflare for SaaS custom hostnames (production configuration)", () => {
  const cfEnv = { APP_ENV: "production", MAIN_HOST: "techfit.example", MAIN_ORIGIN: "https://techfit.example", CF_ZONE_ID: "zone1", CF_API_TOKEN: "secret", CF_CNAME_TARGET: "customers.techfit.example" };

  it("creates the hostname on add, reads its status then checks the domain over https on connect, removes it on delete", async () => {
    const { createCustomHostname, deleteCustomHostname, dnsRecordFor, testConnection } = await import("../../worker/domain/custom-hostnames");
    const calls: string[] = [];
    let status = "pending";
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      const request = new Request(input, init);
      calls.push(`${request.method} ${request.url}`);
      if (request.url.startsWith("https://api.cloudflare.com/")) {
        expect(request.headers.get("Authorization")).toBe("Bearer secret");
        if (request.method === "POST") return Response.json({ success: true, result: { id: "ch1", hostname: "learn.globex.com", status: "pending" } });
        if (request.method === "GET") return Response.json({ success: true, result: { id: "ch1", status, ssl: { status } } });
        return Response.json({ success: true, result: { id: "ch1" } });
      }
      return new Response("tok");
    });
    expect(await createCustomHostname(cfEnv, "learn.globex.com")).toBe("ch1");
    const domain = { uri: "learn.globex.com", verificationToken: "tok", providerHostnameId: "ch1" };
    await expect(testConnection(cfEnv, domain)).rejects.toThrow("not active yet (hostname: pending, certificate: pending)");
    status = "active";
    await expect(testConnection(cfEnv, domain)).resolves.toBeUndefined();
    await deleteCustomHostname(cfEnv, "ch1");
    expect(calls).toEqual([
      "POST https://api.cloudflare.com/client/v4/zones/zone1/custom_hostnames",
      "GET https://api.cloudflare.com/client/v4/zones/zone1/custom_hostnames/ch1",
      "GET https://api.cloudflare.com/client/v4/zones/zone1/custom_hostnames/ch1",
      "GET https://learn.globex.com/.well-known/techfit-verification",
      "DELETE https://api.cloudflare.com/client/v4/zones/zone1/custom_hostnames/ch1",
    ]);
    expect(dnsRecordFor(cfEnv, "learn.globex.com")).toEqual({ type: "CNAME", name: "learn.globex.com", value: "customers.techfit.example" });
  });

  it("passes Cloudflare's refusal on as the reason", async () => {
    const { createCustomHostname } = await import("../../worker/domain/custom-hostnames");
    vi.spyOn(globalThis, "fetch").mockImplementation(async () => Response.json({ success: false, errors: [{ code: 1406, message: "Duplicate custom hostname found." }] }, { status: 409 }));
    await expect(createCustomHostname(cfEnv, "learn.globex.com")).rejects.toThrow("Duplicate custom hostname found.");
  });
});
