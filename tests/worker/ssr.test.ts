import { describe, expect, it } from "vitest";
import { platformNameFrom } from "../../contract/styling";
import { escapeHtml } from "../../worker/ssr/escape";
import { addPartnerWithDomain } from "./fixtures";
import { call } from "./helpers";

function bootData(html: string) {
  const m = html.match(/<script id="boot" type="application\/json">(.*?)<\/script>/s);
  if (!m) throw new Error("no boot data");
  return JSON.parse(m[1]);
}

describe("the server-rendered shell", () => {
  it("renders the product's default branding on the main host", async () => {
    const res = await call("/login");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toMatch(/text\/html/);
    const html = await res.text();
    expect(html).toContain("<title>TechFIT</title>");
    expect(html).toContain("--brand:37 99 235;");
    expect(bootData(html)).toMatchObject({ mode: "main", partner: null });
  });

  it("renders the partner's branding on its custom domain", async () => {
    const html = await (await call("/login", { host: "learn.northwind.test" })).text();
    expect(html).toContain("<title>Northwind Learn</title>");
    expect(html).toContain("--brand:15 118 110;");
    expect(html).toContain("Manrope");
    expect(html).toMatch(/<div id="root">(<link[^>]*>)?<div class="boot-screen"[^>]*>.*Northwind Learn/s);
    const boot = bootData(html);
    expect(boot.mode).toBe("satellite");
    expect(boot.partner.name).toBe("Northwind Learning");
  });

  it("wears the partner's look on the main host's login when redirectUrl points at its domain", async () => {
    const url = "/login?redirectUrl=" + encodeURIComponent("https://learn.northwind.test/post-auth");
    const html = await (await call(url)).text();
    expect(html).toContain("<title>Northwind Learn</title>");
    expect(bootData(html).mode).toBe("main");
  });

  it("sends a CSP with a per-response script nonce and no-sniff", async () => {
    const res = await call("/");
    const csp = res.headers.get("Content-Security-Policy") ?? "";
    const nonce = csp.match(/'nonce-([a-f0-9]+)'/)?.[1];
    expect(nonce).toBeTruthy();
    expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
    const html = await res.text();
    for (const tag of html.match(/<script(?![^>]*type="application\/json")[^>]*>/g) ?? []) {
      expect(tag).toContain(`nonce="${nonce}"`);
    }
  });

  it("cannot be made to run script or inject CSS through styling values", async () => {
    const host = "evil.partner.test";
    await addPartnerWithDomain({
      host,
      platformName: "</script><script>alert(1)</script>",
      brandColour: ";}body{display:none",
    });
    const html = await (await call("/", { host })).text();
    expect(html).not.toContain("<script>alert(1)");
    expect(html).not.toContain("display:none");
    // A stored name with markup characters is read back as plain text (one platform-name rule), then escaped.
    const clean = platformNameFrom("</script><script>alert(1)</script>");
    expect(clean).not.toMatch(/[<>]/);
    expect(html).toContain(`<title>${escapeHtml(clean)}</title>`);
    expect(bootData(html).styling.platformName).toBe(clean);
    // The invalid colour fell back to the default brand colour.
    expect(html).toContain("--brand:37 99 235;");
  });

  it("puts the theme and language from cookies on <html>", async () => {
    const html = await (await call("/", { headers: { Cookie: "theme=dark; language=enGB" } })).text();
    expect(html).toMatch(/<html lang="en-GB" class="dark"/);
  });

  it("serves seeded branding files inert, with their true type", async () => {
    const res = await call("/files/public/seed/northwind-logo.svg");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("image/svg+xml");
    expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(res.headers.get("Content-Security-Policy")).toContain("sandbox");
    expect((await call("/files/private/anything")).status).toBe(404);
  });
});
