import { env } from "cloudflare:workers";
import { drizzle } from "drizzle-orm/d1";
import { describe, expect, it } from "vitest";
import { DEMO } from "../../db/seed";
import { hostOf, isMainHost, resolveTenant } from "../../worker/tenant/resolve";
import { addPartnerWithDomain } from "./fixtures";

const db = drizzle(env.DB);

describe("tenant resolution", () => {
  it("treats the main host and its subdomains as main mode, and nothing else", () => {
    expect(isMainHost("localhost", "localhost")).toBe(true);
    expect(isMainHost("app.localhost", "localhost")).toBe(true);
    expect(isMainHost("evillocalhost", "localhost")).toBe(false);
    expect(isMainHost("learn.northwind.test", "localhost")).toBe(false);
  });

  it("takes the host name without port or trailing dot", () => {
    expect(hostOf("learn.northwind.test:5173")).toBe("learn.northwind.test");
    expect(hostOf("https://Learn.Northwind.test/post-auth?x=1")).toBe("learn.northwind.test");
    expect(hostOf("localhost.")).toBe("localhost");
    expect(hostOf("http://[bad")).toBe("");
  });

  it("resolves the main host to main mode with the default styling", async () => {
    const t = await resolveTenant(db, "localhost", "localhost");
    expect(t.mode).toBe("main");
    expect(t.partner).toBeNull();
    expect(t.styling.platformName).toBe("TechFIT");
  });

  it("resolves a connected custom domain to its partner and styling", async () => {
    const t = await resolveTenant(db, "learn.northwind.test", "localhost");
    expect(t.mode).toBe("satellite");
    expect(t.partner?.id).toBe(DEMO.northwind.id);
    expect(t.styling.platformName).toBe("Northwind Learn");
    expect(t.styling.brandColour.toLowerCase()).toBe("#0f766e");
  });

  it("keeps an unknown host in satellite mode with the default styling", async () => {
    const t = await resolveTenant(db, "nobody.unknown.test", "localhost");
    expect(t.mode).toBe("satellite");
    expect(t.partner).toBeNull();
    expect(t.styling.platformName).toBe("TechFIT");
  });

  it("does not resolve a domain that is still awaiting connection", async () => {
    await addPartnerWithDomain({ host: "pending.partner.test", state: "awaitingConnection", platformName: "Pending Co" });
    const t = await resolveTenant(db, "pending.partner.test", "localhost");
    expect(t.partner).toBeNull();
    expect(t.styling.platformName).toBe("TechFIT");
  });
});
