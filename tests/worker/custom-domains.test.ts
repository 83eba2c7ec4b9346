import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { afterEach, describe, expect, it, vi } from "vitest";
import * as schema from "../../db/schema";
import { DEMO } from "../../db/seed";
import { apiAs, tokenFor, type Caller } from "./auth";
import { call, json } from "./helpers";
import { nth, present } from "../present";

const db = drizzle(env.DB, { schema });
const VERIFY = "/.well-known/domain-verification";

const add = (who: Caller, body: unknown, accountId?: string) => apiAs(who, { accountId }).post("/v1/admin/custom-domains", body);
const connect = (who: Caller, id: string, accountId?: string) => apiAs(who, { accountId }).post(`/v1/admin/custom-domains/${id}/connect`);
const remove = (who: Caller, id: string, accountId?: string) => apiAs(who, { accountId }).delete(`/v1/admin/custom-domains/${id}`);
/** The stored domain with that URI, if there is one. */
const rowOf = async (uri: string) => (await db.select().from(schema.customDomains).where(eq(schema.customDomains.uri, uri)))[0];
/** The stored domain with that URI, which the test expects to be there. */
const storedRow = async (uri: string) => present(await rowOf(uri), `a stored domain ${uri}`);
const count = async () => (await db.select().from(schema.customDomains)).length;

let n = 0;
const unique = (suffix = "academy.test") => `d${Date.now().toString(36)}${++n}.${suffix}`;

type World = {
  /** Domains whose traffic reaches this product (their CNAME points here). */
  pointingHere?: string[];
  /** TXT records as the public DNS holds them, by name. */
  txt?: Record<string, string[]>;
  /** Domains that answer, but with someone else's site. */
  servingSomethingElse?: string[];
  /** The DNS resolver cannot be reached. */
  resolverDown?: boolean;
};

/**
 * The outside world, through the runtime's outbound fetch. A domain that
 * "points to this product" answers the verification path the way this Worker
 * does (the request goes to the Worker with the domain as its host). DNS look-ups
 * (DNS-over-HTTPS JSON) answer the TXT records of `txt`; for any other name the
 * resolver the test bindings name (the Worker's own dev stand-in on loopback,
 * as .dev.vars sets it) answers.
 */
function outsideWorld(world: World = {}) {
  const real = globalThis.fetch;
  return vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    if (url.pathname.endsWith("/dns-query")) {
      if (world.resolverDown) throw new TypeError("fetch failed: connect ETIMEDOUT");
      const name = url.searchParams.get("name") ?? "";
      const records = world.txt?.[name];
      if (records) return Response.json({ Status: 0, Answer: records.map((r) => ({ name, type: 16, TTL: 300, data: `"${r}"` })) });
      if (url.hostname === "127.0.0.1") return call(url.pathname + url.search, { host: "127.0.0.1" });
      return Response.json({ Status: 3 });
    }
    const host = request.headers.get("X-Forwarded-Host") ?? request.headers.get("Host") ?? url.hostname;
    if (url.pathname !== VERIFY) return real(input, init);
    if ((world.servingSomethingElse ?? []).includes(host)) return new Response("someone else's site", { status: 200 });
    if (!(world.pointingHere ?? []).includes(host)) throw new TypeError("fetch failed: getaddrinfo ENOTFOUND " + host);
    return call(VERIFY, { host });
  });
}
const domainsPointingHere = (...uris: string[]) => outsideWorld({ pointingHere: uris });
const txtName = (uri: string) => `_domain-verification.${uri}`;

afterEach(() => vi.restoreAllMocks());

describe("POST /v1/admin/custom-domains", () => {
  it("adds a domain awaiting connection, with the DNS record to create", async () => {
    const uri = unique();
    const res = await add("partnerAdmin", { uri: `  ${uri.toUpperCase()}. ` });
    expect(res.status).toBe(201);
    const d = await json(res);
    expect(d).toMatchObject({ uri, state: "awaitingConnection", isSatellite: true, connectedAt: null });
    expect(d.dnsRecord).toEqual({ type: "CNAME", name: uri, value: "localhost" });
    expect(d.verificationToken).toBeUndefined();
    const row = await storedRow(uri);
    expect(row.accountId).toBe(DEMO.northwind.id);
    expect(row.verificationToken).toMatch(/^verify-[0-9a-f]{48}$/);
    // The TXT record that proves the partner controls the domain's DNS.
    expect(d.txtRecord).toEqual({ type: "TXT", name: `_domain-verification.${uri}`, value: row.verificationToken });
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
    const res = await add("partnerAdmin", { uri });
    expect(res.status).toBe(400);
    expect((await json(res)).error.fields.uri).toBe(message);
    expect(await count()).toBe(before);
  });

  it("answers 409 'Value already exists' for a domain a partner has connected (another or the same one)", async () => {
    const taken = await add("partnerAdmin", { uri: DEMO.contoso.domain });
    expect(taken.status).toBe(409);
    expect((await json(taken)).error).toMatchObject({ code: "conflict", message: "Value already exists", fields: { uri: "Value already exists" } });
    expect((await storedRow(DEMO.contoso.domain)).accountId).toBe(DEMO.contoso.id);
    expect((await add("partnerAdmin", { uri: DEMO.northwind.domain })).status).toBe(409);
  });

  it("answers 401 without a token and 403 for a member, a customer or another partner's account, writing nothing", async () => {
    const before = await count();
    const uri = unique();
    expect((await add(null, { uri })).status).toBe(401);
    expect((await add("partnerMember", { uri })).status).toBe(403);
    expect((await add("customerAdmin", { uri })).status).toBe(403);
    expect((await add("otherPartnerAdmin", { uri }, DEMO.northwind.id)).status).toBe(403);
    expect(await count()).toBe(before);
  });
});

describe("GET /v1/admin/custom-domains", () => {
  it("lists only the acting partner's domains with state and DNS record", async () => {
    const res = await apiAs("otherPartnerAdmin").get("/v1/admin/custom-domains");
    expect(res.status).toBe(200);
    const { items } = await json(res);
    expect(items.map((d: { uri: string }) => d.uri)).toEqual([DEMO.contoso.domain]);
    expect(items[0]).toMatchObject({ state: "connected", dnsRecord: { type: "CNAME", name: DEMO.contoso.domain } });
    const mine = await json(await apiAs("partnerAdmin").get("/v1/admin/custom-domains"));
    expect(mine.items.map((d: { uri: string }) => d.uri)).toContain(DEMO.northwind.domain);
    expect(mine.items.map((d: { uri: string }) => d.uri)).not.toContain(DEMO.contoso.domain);
  });

  it("answers 401 and 403 like the other admin calls", async () => {
    expect((await apiAs(null).get("/v1/admin/custom-domains")).status).toBe(401);
    expect((await apiAs("partnerMember").get("/v1/admin/custom-domains")).status).toBe(403);
    expect((await apiAs("customerAdmin").get("/v1/admin/custom-domains")).status).toBe(403);
    expect((await apiAs("otherPartnerAdmin", { accountId: DEMO.northwind.id }).get("/v1/admin/custom-domains")).status).toBe(403);
  });
});

describe("GET /.well-known/domain-verification", () => {
  it("answers a registered domain's token on that host, and 404 elsewhere", async () => {
    const res = await call(VERIFY, { host: DEMO.northwind.domain });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("seed-northwind-verification");
    expect((await call(VERIFY, { host: "unknown.academy.test" })).status).toBe(404);
    expect((await call(VERIFY)).status).toBe(404);
  });
});

describe("GET /dev/dns-query (the development stand-in for DNS)", () => {
  const ask = (name: string, host = "127.0.0.1", type = "TXT") => call(`/dev/dns-query?name=${encodeURIComponent(name)}&type=${type}`, { host });

  it("answers a registered reserved test domain's TXT record with its token, as DNS JSON, on loopback and the main host", async () => {
    const token = (await storedRow(DEMO.northwind.domain)).verificationToken;
    for (const host of ["127.0.0.1", "localhost"]) {
      const res = await ask(txtName(DEMO.northwind.domain), host);
      expect(res.status).toBe(200);
      expect(res.headers.get("Content-Type")).toBe("application/dns-json");
      expect(await json(res)).toMatchObject({ Status: 0, Answer: [{ name: txtName(DEMO.northwind.domain), type: 16, data: `"${token}"` }] });
    }
  });

  it("knows no other name: unregistered or real domains, other record types", async () => {
    for (const name of [txtName("unknown.academy.test"), txtName("learn.globex.com"), DEMO.northwind.domain]) {
      expect(await json(await ask(name))).toMatchObject({ Status: 3 });
    }
    expect((await json(await ask(txtName(DEMO.northwind.domain), "127.0.0.1", "A"))).Status).toBe(3);
  });

  it("is not there on a partner's domain", async () => {
    for (const host of [DEMO.northwind.domain, DEMO.contoso.domain]) {
      expect((await ask(txtName(DEMO.northwind.domain), host)).status).toBe(404);
    }
  });
});

describe("DNS TXT answers", () => {
  it("joins a record's character-strings and unescapes quotes", async () => {
    const { txtText } = await import("../../worker/domain/dns");
    expect(txtText('"techfit-abc" "def"')).toBe("techfit-abcdef");
    expect(txtText('"say \\"hi\\""')).toBe('say "hi"');
    expect(txtText("unquoted")).toBe("unquoted");
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
    const requests = outbound.mock.calls.map(([input, init]) => new Request(input, init));
    // Ownership first (its TXT record, from the dev stand-in), then routing (the verification path).
    expect(requests.map((r) => new URL(r.url).pathname)).toEqual(["/dev/dns-query", VERIFY]);
    const asked = nth(requests, 1);
    expect(asked.headers.get("Host") ?? new URL(asked.url).hostname).toBe(uri);
    expect(await json(await call("/v1/custom-domains/exist?uri=" + uri))).toEqual({ exists: true });
    // The next page on it wears the partner's branding at once.
    expect(await (await call("/help", { host: uri })).text()).toContain(`<title>Help · ${DEMO.northwind.platformName}</title>`);
  });

  it("connects a domain with a real TLD once its TXT record holds the token and it serves this product", async () => {
    const token = await tokenFor("partnerAdmin");
    const uri = unique("northwind.com");
    const d = await json(await add(token, { uri }));
    const row = await storedRow(uri);
    const outbound = outsideWorld({ pointingHere: [uri], txt: { [txtName(uri)]: ["v=spf1 -all", row.verificationToken] } });
    expect((await connect(token, d.id)).status).toBe(200);
    const asked = outbound.mock.calls.map(([input, init]) => new Request(input, init));
    const lookUp = asked.find((r) => new URL(r.url).pathname.endsWith("/dns-query"))!;
    expect(new URL(lookUp.url).searchParams.get("name")).toBe(txtName(uri));
    expect(new URL(lookUp.url).searchParams.get("type")).toBe("TXT");
    expect(lookUp.headers.get("Accept")).toBe("application/dns-json");
    expect(asked.map((r) => r.url)).toContain(`http://${uri}${VERIFY}`);
    expect((await storedRow(uri)).state).toBe("connected");
  });

  it("refuses a dangling CNAME: the domain reaches this product, but nobody set its TXT record (409, stays awaiting)", async () => {
    const token = await tokenFor("partnerAdmin");
    const uri = unique("abandoned-brand.com");
    const d = await json(await add(token, { uri }));
    outsideWorld({ pointingHere: [uri] });
    // The product itself answers the domain's token over HTTP: that alone proves nothing.
    expect(await (await call(VERIFY, { host: uri })).text()).toBe((await storedRow(uri)).verificationToken);
    const res = await connect(token, d.id);
    expect(res.status).toBe(409);
    expect((await json(res)).error.message).toBe(
      `${uri} has no TXT record ${txtName(uri)} yet. Create it with the value shown to prove the domain is yours, then connect again (DNS changes can take a few minutes).`,
    );
    expect((await storedRow(uri)).state).toBe("awaitingConnection");
    expect(await json(await call("/v1/custom-domains/exist?uri=" + uri))).toEqual({ exists: false });
  });

  it("refuses a TXT record with another value, and says so when DNS cannot be checked", async () => {
    const token = await tokenFor("partnerAdmin");
    const uri = unique("northwind.com");
    const d = await json(await add(token, { uri }));
    outsideWorld({ pointingHere: [uri], txt: { [txtName(uri)]: ["techfit-someone-elses-token"] } });
    const wrong = await connect(token, d.id);
    expect(wrong.status).toBe(409);
    expect((await json(wrong)).error.message).toContain(`The TXT record ${txtName(uri)} does not hold this domain's verification value`);
    vi.restoreAllMocks();
    outsideWorld({ pointingHere: [uri], resolverDown: true });
    const down = await connect(token, d.id);
    expect(down.status).toBe(409);
    expect((await json(down)).error.message).toBe(`The DNS records of ${uri} could not be checked. Please try again in a few minutes.`);
    expect((await storedRow(uri)).state).toBe("awaitingConnection");
  });

  it("answers 409 with the reason when the domain is unreachable or serves something else, and stays awaiting", async () => {
    const token = await tokenFor("partnerAdmin");
    const uri = unique();
    const d = await json(await add(token, { uri }));
    domainsPointingHere(); // its TXT record is right (the dev stand-in), but nothing points here
    const unreachable = await connect(token, d.id);
    expect(unreachable.status).toBe(409);
    expect((await json(unreachable)).error.message).toContain(`${uri} could not be reached`);
    vi.restoreAllMocks();
    outsideWorld({ servingSomethingElse: [uri] });
    const wrong = await connect(token, d.id);
    expect(wrong.status).toBe(409);
    expect((await json(wrong)).error.message).toContain("does not serve this platform");
    expect((await storedRow(uri)).state).toBe("awaitingConnection");
    expect(await json(await call("/v1/custom-domains/exist?uri=" + uri))).toEqual({ exists: false });
  });

  it("answers 404 for another partner's domain (nothing changed, nothing fetched) and 400 for a bad id", async () => {
    const outbound = vi.spyOn(globalThis, "fetch");
    const contoso = await storedRow(DEMO.contoso.domain);
    const res = await connect("partnerAdmin", contoso.id);
    expect(res.status).toBe(404);
    expect(JSON.stringify(await json(res))).not.toContain(DEMO.contoso.domain);
    expect((await connect("partnerAdmin", "not-a-uuid")).status).toBe(400);
    expect((await connect("partnerAdmin", crypto.randomUUID())).status).toBe(404);
    expect(outbound).not.toHaveBeenCalled();
  });

  it("answers 401 and 403 like the other admin calls", async () => {
    const id = (await storedRow(DEMO.northwind.domain)).id;
    expect((await connect(null, id)).status).toBe(401);
    expect((await connect("partnerMember", id)).status).toBe(403);
    expect((await connect("customerAdmin", id)).status).toBe(403);
    expect((await connect("otherPartnerAdmin", id, DEMO.northwind.id)).status).toBe(403);
  });
});

describe("a claim proves nothing: another partner's unconnected claim never keeps the domain's owner out", () => {
  /** The claim `accountId` holds on `uri`. */
  const claimBy = async (uri: string, accountId: string) =>
    present(
      (
        await db
          .select()
          .from(schema.customDomains)
          .where(and(eq(schema.customDomains.uri, uri), eq(schema.customDomains.accountId, accountId)))
      )[0],
      `${accountId}'s claim of ${uri}`,
    );

  it("the owner adds and connects a host another partner claimed first; the first claimant can then neither connect nor claim again", async () => {
    const uri = unique("northwind.com");
    const squat = await add("otherPartnerAdmin", { uri });
    expect(squat.status).toBe(201);
    const squatter = await json(squat);

    // The domain's owner (Northwind) claims it too: its own claim, with its own token.
    const own = await add("partnerAdmin", { uri });
    expect(own.status).toBe(201);
    const owner = await json(own);
    const [mine, theirs] = [await claimBy(uri, DEMO.northwind.id), await claimBy(uri, DEMO.contoso.id)];
    expect(mine.verificationToken).not.toBe(theirs.verificationToken);
    expect(owner.txtRecord.value).toBe(mine.verificationToken);
    // The routing check finds each claim's token on the host.
    expect((await (await call(VERIFY, { host: uri })).text()).split("\n").sort()).toEqual([mine.verificationToken, theirs.verificationToken].sort());
    // A second claim of the same partner is still refused.
    expect((await add("partnerAdmin", { uri })).status).toBe(409);

    // Its DNS publishes Northwind's token: Contoso cannot connect, Northwind can.
    outsideWorld({ pointingHere: [uri], txt: { [txtName(uri)]: [mine.verificationToken] } });
    const refused = await connect("otherPartnerAdmin", squatter.id);
    expect(refused.status).toBe(409);
    expect((await json(refused)).error.message).toContain("does not hold this domain's verification value");
    expect((await connect("partnerAdmin", owner.id)).status).toBe(200);
    expect((await claimBy(uri, DEMO.northwind.id)).state).toBe("connected");
    expect(await (await call("/help", { host: uri })).text()).toContain(`<title>Help · ${DEMO.northwind.platformName}</title>`);
    vi.restoreAllMocks();

    // Even with its token published later, the other claim cannot take a connected host: 409, nothing fetched.
    const outbound = outsideWorld({ pointingHere: [uri], txt: { [txtName(uri)]: [theirs.verificationToken] } });
    const taken = await connect("otherPartnerAdmin", squatter.id);
    expect(taken.status).toBe(409);
    expect((await json(taken)).error.message).toBe("Value already exists");
    expect(outbound).not.toHaveBeenCalled();
    expect((await claimBy(uri, DEMO.contoso.id)).state).toBe("awaitingConnection");
    // Nor claim it anew once it is connected.
    expect((await add("otherPartnerAdmin", { uri })).status).toBe(409);

    // The first claimant removing its claim leaves the owner's connection as it was.
    expect((await remove("otherPartnerAdmin", squatter.id)).status).toBe(204);
    expect((await claimBy(uri, DEMO.northwind.id)).state).toBe("connected");
    expect(await json(await call("/v1/custom-domains/exist?uri=" + uri))).toEqual({ exists: true });
  });

  it("with Cloudflare for SaaS, the claims of a host share its custom hostname, which goes with the last of them", async () => {
    const bindings = { CF_ZONE_ID: "zone1", CF_API_TOKEN: "secret" };
    const cfCalls: string[] = [];
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      const request = new Request(input, init);
      cfCalls.push(`${request.method} ${new URL(request.url).pathname.replace("/client/v4/zones/zone1/custom_hostnames", "")}`);
      return Response.json({ success: true, result: { id: "ch-shared", status: "pending" } });
    });
    const uri = unique("globex.com");
    const first = await json(await apiAs("otherPartnerAdmin", { bindings }).post("/v1/admin/custom-domains", { uri }));
    const second = await json(await apiAs("partnerAdmin", { bindings }).post("/v1/admin/custom-domains", { uri }));
    // One hostname made, by the first claim; the second reuses it.
    expect(cfCalls).toEqual(["POST "]);
    expect((await claimBy(uri, DEMO.northwind.id)).providerHostnameId).toBe("ch-shared");
    // The first claimant leaves: the hostname stays for the other claim; the last one takes it with it.
    expect((await apiAs("otherPartnerAdmin", { bindings }).delete(`/v1/admin/custom-domains/${first.id}`)).status).toBe(204);
    expect(cfCalls).toEqual(["POST "]);
    expect((await apiAs("partnerAdmin", { bindings }).delete(`/v1/admin/custom-domains/${second.id}`)).status).toBe(204);
    expect(cfCalls).toEqual(["POST ", "DELETE /ch-shared"]);
  });

  it("the development DNS stand-in answers every claim's token, one TXT record each", async () => {
    const uri = unique();
    await add("otherPartnerAdmin", { uri });
    await add("partnerAdmin", { uri });
    const res = await call(`/dev/dns-query?name=${encodeURIComponent(txtName(uri))}&type=TXT`, { host: "127.0.0.1" });
    const answers = ((await json(res)).Answer as { data: string }[]).map((a) => a.data.replace(/"/g, "")).sort();
    expect(answers).toEqual([(await claimBy(uri, DEMO.northwind.id)).verificationToken, (await claimBy(uri, DEMO.contoso.id)).verificationToken].sort());
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
    expect(await (await call("/login", { host: uri })).text()).toContain("<title>Sign in · TechFIT</title>");
    expect((await remove(token, d.id)).status).toBe(404);
  });

  it("answers 404 for another partner's domain and 400 for a bad id, deleting nothing", async () => {
    const contoso = await storedRow(DEMO.contoso.domain);
    expect((await remove("partnerAdmin", contoso.id)).status).toBe(404);
    expect((await remove("partnerAdmin", "nope")).status).toBe(400);
    expect(await rowOf(DEMO.contoso.domain)).toBeDefined();
  });

  it("answers 401 and 403 like the other admin calls, deleting nothing", async () => {
    const id = (await storedRow(DEMO.northwind.domain)).id;
    expect((await remove(null, id)).status).toBe(401);
    expect((await remove("partnerMember", id)).status).toBe(403);
    expect((await remove("customerAdmin", id)).status).toBe(403);
    expect((await remove("otherPartnerAdmin", id, DEMO.northwind.id)).status).toBe(403);
    const still = await db
      .select()
      .from(schema.customDomains)
      .where(and(eq(schema.customDomains.id, id), eq(schema.customDomains.accountId, DEMO.northwind.id)));
    expect(still).toHaveLength(1);
  });
});

describe("Cloudflare for SaaS custom hostnames (production configuration)", () => {
  const cfEnv = {
    APP_ENV: "production",
    MAIN_HOST: "techfit.example",
    MAIN_ORIGIN: "https://techfit.example",
    CF_ZONE_ID: "zone1",
    CF_API_TOKEN: "secret",
    CF_CNAME_TARGET: "customers.techfit.example",
  };

  it("creates the hostname on add, reads its status then checks the domain over https on connect, removes it on delete", async () => {
    const { createCustomHostname, deleteCustomHostname, dnsRecordFor, testConnection } = await import("../../worker/domain/custom-hostnames");
    const requests: Request[] = [];
    let status = "pending";
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      const request = new Request(input, init);
      requests.push(request);
      if (request.url.startsWith("https://api.cloudflare.com/")) {
        if (request.method === "POST") return Response.json({ success: true, result: { id: "ch1", hostname: "learn.globex.com", status: "pending" } });
        if (request.method === "GET") return Response.json({ success: true, result: { id: "ch1", status, ssl: { status } } });
        return Response.json({ success: true, result: { id: "ch1" } });
      }
      if (request.url.startsWith("https://cloudflare-dns.com/dns-query?")) {
        return Response.json({ Status: 0, Answer: [{ name: "_domain-verification.learn.globex.com", type: 16, TTL: 300, data: '"tok"' }] });
      }
      return new Response("tok");
    });
    expect(await createCustomHostname(cfEnv, "learn.globex.com")).toBe("ch1");
    const domain = { uri: "learn.globex.com", verificationToken: "tok", providerHostnameId: "ch1" };
    await expect(testConnection(cfEnv, domain)).rejects.toThrow("not active yet (hostname: pending, certificate: pending)");
    status = "active";
    await expect(testConnection(cfEnv, domain)).resolves.toBeUndefined();
    await deleteCustomHostname(cfEnv, "ch1");
    expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      "POST https://api.cloudflare.com/client/v4/zones/zone1/custom_hostnames",
      "GET https://api.cloudflare.com/client/v4/zones/zone1/custom_hostnames/ch1",
      "GET https://api.cloudflare.com/client/v4/zones/zone1/custom_hostnames/ch1",
      "GET https://cloudflare-dns.com/dns-query?name=_domain-verification.learn.globex.com&type=TXT",
      "GET https://learn.globex.com/.well-known/domain-verification",
      "DELETE https://api.cloudflare.com/client/v4/zones/zone1/custom_hostnames/ch1",
    ]);
    // Cloudflare's API is called with the API token, and DNS is asked for JSON.
    const to = (origin: string) => requests.filter((r) => r.url.startsWith(origin));
    expect(to("https://api.cloudflare.com/").map((r) => r.headers.get("Authorization"))).toEqual(Array<string>(4).fill("Bearer secret"));
    expect(to("https://cloudflare-dns.com/").map((r) => r.headers.get("Accept"))).toEqual(["application/dns-json"]);
    expect(dnsRecordFor(cfEnv, "learn.globex.com")).toEqual({ type: "CNAME", name: "learn.globex.com", value: "customers.techfit.example" });
  });

  it("an active Cloudflare hostname is not proof of ownership: without the TXT record the domain is refused", async () => {
    const { testConnection } = await import("../../worker/domain/custom-hostnames");
    const asked: string[] = [];
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      const request = new Request(input, init);
      asked.push(request.url);
      if (request.url.startsWith("https://api.cloudflare.com/"))
        return Response.json({ success: true, result: { id: "ch1", status: "active", ssl: { status: "active" } } });
      if (request.url.startsWith("https://cloudflare-dns.com/")) return Response.json({ Status: 3 });
      return new Response("tok");
    });
    const domain = { uri: "learn.globex.com", verificationToken: "tok", providerHostnameId: "ch1" };
    await expect(testConnection(cfEnv, domain)).rejects.toThrow("learn.globex.com has no TXT record _domain-verification.learn.globex.com yet");
    expect(asked.some((u) => u.startsWith("https://learn.globex.com/"))).toBe(false);
  });

  it("passes Cloudflare's refusal on as the reason", async () => {
    const { createCustomHostname } = await import("../../worker/domain/custom-hostnames");
    vi.spyOn(globalThis, "fetch").mockImplementation(async () =>
      Response.json({ success: false, errors: [{ code: 1406, message: "Duplicate custom hostname found." }] }, { status: 409 }),
    );
    await expect(createCustomHostname(cfEnv, "learn.globex.com")).rejects.toThrow("Duplicate custom hostname found.");
  });
});
