import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { afterEach, describe, expect, it, vi } from "vitest";
import * as schema from "../../db/schema";
import { DEMO } from "../../db/seed";
import { newPartnerAccount } from "./fixtures";
import { apiAs, multipart, PNG, type Caller } from "./auth";
import { withClockHeld } from "./clock";
import { call, json } from "./helpers";
import { solidPng } from "../png";

const db = drizzle(env.DB, { schema });

const valid = {
  brandColour: "#C2410C",
  gradientColourOne: "c2410c",
  gradientColourTwo: "#fb923c",
  lightGradientTextColour: "#fff",
  lightHeroTextColour: "#ffffffcc",
  fontFamily: "roboto",
  platformName: "Globex Academy",
  showLogoOnLogin: false,
  supportEmail: "Help@Globex.example.com",
};

/** A brand-new partner (so the seeded Northwind branding stays as other tests expect). */
async function newPartner(name = "Globex Training") {
  const { token, id } = await newPartnerAccount(name);
  return { token, accountId: id };
}

const put = (who: Caller, data: unknown, files: Record<string, Blob> = {}, accountId?: string) =>
  apiAs(who, { accountId }).put("/v1/admin/styles", multipart(data, files));

const stylingOf = async (accountId: string) => (await db.select().from(schema.stylings).where(eq(schema.stylings.accountId, accountId)))[0];
const storedKeys = async (prefix: string) => (await env.UPLOADS.list({ prefix })).objects.map((o) => o.key);

afterEach(() => vi.restoreAllMocks());

describe("GET /v1/admin/styles", () => {
  it("answers the acting partner's own styling", async () => {
    const res = await apiAs("partnerAdmin").get("/v1/admin/styles");
    expect(res.status).toBe(200);
    const s = await json(res);
    expect(s).toMatchObject({ platformName: DEMO.northwind.platformName, brandColour: DEMO.northwind.brandColour, fontFamily: "manrope" });
  });

  it("answers 401 without a token and 403 for a member, a customer, or another partner's account", async () => {
    expect((await apiAs(null).get("/v1/admin/styles")).status).toBe(401);
    expect((await apiAs("partnerMember").get("/v1/admin/styles")).status).toBe(403);
    expect((await apiAs("customerAdmin").get("/v1/admin/styles")).status).toBe(403);
    const other = await apiAs("otherPartnerAdmin", { accountId: DEMO.northwind.id }).get("/v1/admin/styles");
    expect(other.status).toBe(403);
    expect(JSON.stringify(await json(other))).not.toContain(DEMO.northwind.platformName);
  });
});

describe("PUT /v1/admin/styles", () => {
  it("saves colours (normalised), font, platform name, flags and the three images, served with their true type", async () => {
    const { token, accountId } = await newPartner();
    const res = await put(token, valid, { logo: PNG, homepageHeroBackground: PNG, loginBackground: PNG });
    expect(res.status).toBe(200);
    const s = await json(res);
    expect(s).toMatchObject({
      brandColour: "#c2410c",
      gradientColourOne: "#c2410c",
      lightGradientTextColour: "#ffffff",
      lightHeroTextColour: "#ffffffcc",
      fontFamily: "roboto",
      platformName: "Globex Academy",
      showLogoOnLogin: false,
      supportEmail: "help@globex.example.com",
    });
    for (const image of [s.logo, s.homepageHeroBackground, s.loginBackground]) {
      expect(image.uri).toMatch(new RegExp(`^/files/public/stylings/${accountId}/`));
      const file = await call(image.uri);
      expect(file.status).toBe(200);
      expect(file.headers.get("Content-Type")).toBe("image/png");
      expect(file.headers.get("X-Content-Type-Options")).toBe("nosniff");
      await file.arrayBuffer();
    }
    expect(await json(await apiAs(token).get("/v1/admin/styles"))).toEqual(s);
  });

  it("replaces an image (removing the old file), removes one on request and keeps the others", async () => {
    const { token, accountId } = await newPartner();
    const first = await json(await put(token, valid, { logo: PNG, loginBackground: PNG }));
    const second = await json(await put(token, { ...valid, removeLoginBackground: true }, { logo: PNG }));
    expect(second.logo.uri).not.toBe(first.logo.uri);
    expect(second.loginBackground).toBeNull();
    expect(await storedKeys(`public/stylings/${accountId}/`)).toHaveLength(1);
    const third = await json(await put(token, { ...valid, platformName: "Renamed" }));
    expect(third.logo).toEqual(second.logo);
    expect(third.platformName).toBe("Renamed");
  });

  it("is worn by the next server-rendered page on the partner's connected domain", async () => {
    const { token, accountId } = await newPartner();
    await db.insert(schema.customDomains).values({ accountId, uri: "learn.globex.test", state: "connected", verificationToken: "t" });
    // The tenant cache warmed and the clock held: the new styling shows because the change dropped it, not because it lapsed.
    const html = await withClockHeld(async () => {
      await call("/help", { host: "learn.globex.test" }).then((r) => r.text());
      expect((await put(token, { ...valid, platformName: "Globex Gym", brandColour: "#123456" })).status).toBe(200);
      return (await call("/help", { host: "learn.globex.test" })).text();
    });
    expect(html).toContain("<title>Help · Globex Gym</title>");
    expect(html).toContain("--brand:18 52 86");
  });

  it("refuses invalid values with the fields named and writes nothing", async () => {
    const { token, accountId } = await newPartner();
    const before = await stylingOf(accountId);
    const res = await put(
      token,
      {
        ...valid,
        brandColour: "#12,34,56",
        gradientColourTwo: "ggg",
        fontFamily: "comicSans",
        platformName: "x".repeat(21),
        supportEmail: "nope",
        showLogoOnLogin: "yes",
      },
      { logo: PNG },
    );
    expect(res.status).toBe(400);
    const { error } = await json(res);
    expect(error.fields).toMatchObject({
      brandColour: "Must be a valid colour",
      gradientColourTwo: "Must be a valid colour",
      fontFamily: "Choose one of the options offered",
      platformName: "Platform name must be at most 20 characters",
      supportEmail: "Invalid Email",
      showLogoOnLogin: "Must be true or false",
    });
    const missing = await json(await put(token, {}));
    expect(missing.error.fields).toMatchObject({ brandColour: "Required", platformName: "Required", fontFamily: "Required" });
    expect((await json(await put(token, "not an object"))).error.code).toBe("invalid_input");
    expect(await stylingOf(accountId)).toEqual(before);
    expect(await storedKeys(`public/stylings/${accountId}/`)).toEqual([]);
  });

  it.each([
    ["brandColour", "#fff;}body{background:url(//evil.example)}"],
    ["brandColour", "red</style><script>alert(1)</script>"],
    ["gradientColourOne", "expression(alert(1))"],
    ["lightHeroTextColour", "#fff\n}"],
    ["fontFamily", "inter;}</style><script>alert(1)</script>"],
    ["platformName", "<script>alert(1)</script>"],
    ["platformName", "</title><img src=x>"],
    ["platformName", "a{}b"],
  ])("refuses a %s that tries to inject script or CSS (%j), writing nothing", async (field, value) => {
    const { token, accountId } = await newPartner();
    const before = await stylingOf(accountId);
    const res = await put(token, { ...valid, [field]: value });
    expect(res.status).toBe(400);
    expect(Object.keys((await json(res)).error.fields)).toContain(field);
    expect(await stylingOf(accountId)).toEqual(before);
  });

  it("logs an unknown style key and saves the known ones", async () => {
    const { token } = await newPartner();
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const res = await put(token, { ...valid, sneaky: "x", customCss: "body{}" });
    expect(res.status).toBe(200);
    expect((await json(res)).sneaky).toBeUndefined();
    expect(log).toHaveBeenCalledWith(expect.stringContaining('"keys":["sneaky","customCss"]'));
  });

  it("answers 413 for an image over 50 MB and 415 for a type that is not allowed (SVG included), writing nothing", async () => {
    const { token, accountId } = await newPartner();
    const before = await stylingOf(accountId);
    const big = new Uint8Array(50 * 1024 * 1024 + 1);
    big.set(new Uint8Array(await PNG.arrayBuffer()));
    const tooLarge = await put(token, valid, { logo: new Blob([big], { type: "image/png" }) });
    expect(tooLarge.status).toBe(413);
    expect((await json(tooLarge)).error.fields.logo).toMatch(/50MB/);
    const svg = new Blob(['<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'], { type: "image/svg+xml" });
    const refused = await put(token, valid, { homepageHeroBackground: svg });
    expect(refused.status).toBe(415);
    expect((await json(refused)).error.fields.homepageHeroBackground).toBe("File type is not allowed");
    const text = await put(token, valid, { loginBackground: new Blob(["hello"], { type: "image/png" }) });
    expect(text.status).toBe(415);
    expect(await stylingOf(accountId)).toEqual(before);
    expect(await storedKeys(`public/stylings/${accountId}/`)).toEqual([]);
    // The 50 MB body crosses into workerd and back: seconds of copying on a busy two-core runner, not a hang.
  }, 30_000);

  it("answers 401 without a token and 403 for a member, a customer or another partner's account, writing nothing", async () => {
    const before = await stylingOf(DEMO.northwind.id);
    expect((await put(null, valid)).status).toBe(401);
    expect((await put("partnerMember", valid)).status).toBe(403);
    expect((await put("customerAdmin", valid)).status).toBe(403);
    expect((await put("otherPartnerAdmin", valid, {}, DEMO.northwind.id)).status).toBe(403);
    expect(await stylingOf(DEMO.northwind.id)).toEqual(before);
  });
});

describe("the square mark (PUT /v1/admin/styles, field mark)", () => {
  const png = (width: number, height: number) => new Blob([solidPng(width, height)], { type: "image/png" });
  /** A 1×1 lossless WebP. */
  const WEBP = new Blob([Uint8Array.from(atob("UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA=="), (c) => c.charCodeAt(0))], { type: "image/webp" });

  it("saves an about-square PNG or WebP mark, served with its true type, and removes it on request", async () => {
    const { token, accountId } = await newPartner();
    const first = await put(token, valid, { mark: png(64, 60) });
    expect(first.status).toBe(200);
    const saved = await json(first);
    expect(saved.mark.uri).toMatch(new RegExp(`^/files/public/stylings/${accountId}/.+\\.png$`));
    expect((await call(saved.mark.uri)).headers.get("Content-Type")).toBe("image/png");
    expect((await stylingOf(accountId))?.markKey).toBe(saved.mark.uri.replace(/^\/files\//, ""));
    const webp = await json(await put(token, valid, { mark: WEBP }));
    expect(webp.mark.uri).toMatch(/\.webp$/);
    expect(await storedKeys(`public/stylings/${accountId}/`)).toHaveLength(1);
    const removed = await json(await put(token, { ...valid, removeMark: true }));
    expect(removed.mark).toBeNull();
    expect(await storedKeys(`public/stylings/${accountId}/`)).toEqual([]);
  });

  it.each([
    ["a wide PNG", () => png(100, 60), 400, "The mark must be about square (width and height within 10% of each other)"],
    ["a tall PNG", () => png(60, 80), 400, "The mark must be about square (width and height within 10% of each other)"],
    [
      "a JPEG",
      () => new Blob([Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 74, 70, 73, 70, 0])], { type: "image/jpeg" }),
      415,
      "The mark must be a PNG or WebP image",
    ],
    [
      "an SVG",
      () => new Blob(['<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>'], { type: "image/svg+xml" }),
      415,
      "The mark must be a PNG or WebP image",
    ],
  ])("refuses %s with the mark field named, writing nothing", async (_what, file, status, text) => {
    const { token, accountId } = await newPartner();
    const before = await stylingOf(accountId);
    const res = await put(token, valid, { mark: file() });
    expect(res.status).toBe(status);
    expect((await json(res)).error.fields).toEqual({ mark: text });
    expect(await stylingOf(accountId)).toEqual(before);
    expect(await storedKeys(`public/stylings/${accountId}/`)).toEqual([]);
  });

  it("refuses a mark over 50 MB (413, the field named), writing nothing", async () => {
    const { token, accountId } = await newPartner();
    const big = new Uint8Array(50 * 1024 * 1024 + 1);
    big.set(solidPng(8, 8));
    const res = await put(token, valid, { mark: new Blob([big], { type: "image/png" }) });
    expect(res.status).toBe(413);
    expect((await json(res)).error.fields.mark).toMatch(/50MB/);
    expect(await storedKeys(`public/stylings/${accountId}/`)).toEqual([]);
  }, 30_000);

  it("answers 401 without a token and 403 for a member, a customer or another partner, writing nothing", async () => {
    const before = await stylingOf(DEMO.northwind.id);
    const mark = () => ({ mark: png(32, 32) });
    expect((await put(null, valid, mark())).status).toBe(401);
    expect((await put("partnerMember", valid, mark())).status).toBe(403);
    expect((await put("customerAdmin", valid, mark())).status).toBe(403);
    expect((await put("otherPartnerAdmin", valid, mark(), DEMO.northwind.id)).status).toBe(403);
    expect(await stylingOf(DEMO.northwind.id)).toEqual(before);
    expect(await storedKeys(`public/stylings/${DEMO.northwind.id}/`)).toEqual([]);
  });

  it("is the favicon and home-screen icon of the partner's domain and its branded sign-in, never the product's", async () => {
    const { token, accountId } = await newPartner();
    await db.insert(schema.customDomains).values({ accountId, uri: "learn.globexmark.test", state: "connected", verificationToken: "t" });
    const icons = (html: string) => [...html.matchAll(/<link rel="(icon|apple-touch-icon)" href="([^"]*)">/g)].map((m) => [m[1], m[2]]);
    const product = icons(await (await call("/login")).text());
    expect(product).toHaveLength(1);
    expect(product[0]![1]).toMatch(/^data:image\/svg\+xml,/);
    // No mark and no logo: the partner's initials on its colour, not the product's icon.
    const plain = icons(await (await call("/help", { host: "learn.globexmark.test" })).text());
    expect(plain).toHaveLength(1);
    expect(plain[0]![1]).not.toBe(product[0]![1]);
    expect(decodeURIComponent(plain[0]![1]!)).toContain(">GT</text>");
    expect(decodeURIComponent(product[0]![1]!)).toContain(">T</text>");
    // A logo only: the logo.
    const withLogo = await json(await put(token, valid, { logo: png(120, 40) }));
    expect(icons(await (await call("/help", { host: "learn.globexmark.test" })).text())).toEqual([
      ["icon", withLogo.logo.uri],
      ["apple-touch-icon", withLogo.logo.uri],
    ]);
    // The mark, once there is one, on the domain and on the main domain's sign-in branded for it.
    const withMark = await json(await put(token, valid, { mark: png(64, 64) }));
    const expected = [
      ["icon", withMark.mark.uri],
      ["apple-touch-icon", withMark.mark.uri],
    ];
    expect(icons(await (await call("/help", { host: "learn.globexmark.test" })).text())).toEqual(expected);
    const login = "/login?redirectUrl=" + encodeURIComponent("https://learn.globexmark.test/post-auth");
    expect(icons(await (await call(login)).text())).toEqual(expected);
  });
});
