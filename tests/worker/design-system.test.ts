import { describe, expect, it } from "vitest";
import { call } from "./helpers";

describe("the design-system gallery", () => {
  it("is served in development", async () => {
    const res = await call("/design-system", { headers: { Accept: "text/html" } });
    expect(res.status).toBe(200);
  });

  it("is not found in production (nor with a query or another case)", async () => {
    for (const path of ["/design-system", "/design-system?x=1", "/Design-System/"]) {
      const res = await call(`https://localhost${path}`, {
        headers: { Accept: "text/html" },
        bindings: { APP_ENV: "production", MAIN_ORIGIN: "https://localhost" },
        redirect: "manual",
      });
      expect(res.status, path).toBe(302);
      expect(new URL(res.headers.get("Location") ?? "", "http://localhost").pathname, path).toBe("/404");
    }
  });
});
