import { describe, expect, it } from "vitest";
import { call, json } from "./helpers";

describe("GET /v1/custom-domains/exist", () => {
  it("answers true for a connected custom domain, without a token", async () => {
    const res = await call("/v1/custom-domains/exist?uri=learn.northwind.test&isSatellite=true");
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({ exists: true });
  });

  it("is case-insensitive on the host", async () => {
    const res = await call("/v1/custom-domains/exist?uri=LEARN.Northwind.TEST");
    expect(await json(res)).toEqual({ exists: true });
  });

  it("answers false for an unknown host and for a satellite flag that does not match", async () => {
    expect(await json(await call("/v1/custom-domains/exist?uri=nowhere.example.test"))).toEqual({ exists: false });
    expect(await json(await call("/v1/custom-domains/exist?uri=learn.northwind.test&isSatellite=false"))).toEqual({
      exists: false,
    });
  });

  it("names the field when uri is missing", async () => {
    const res = await call("/v1/custom-domains/exist");
    expect(res.status).toBe(400);
    const body = await json(res);
    expect(body.error.code).toBe("invalid_input");
    expect(body.error.fields.uri).toBeTruthy();
  });

  it("refuses a uri that is not a host name and a satellite flag that is not a boolean", async () => {
    const a = await json(await call("/v1/custom-domains/exist?uri=" + encodeURIComponent("https://learn.northwind.test/")));
    expect(a.error.fields.uri).toBe("Must be a host name");
    const b = await call("/v1/custom-domains/exist?uri=learn.northwind.test&isSatellite=yes");
    expect(b.status).toBe(400);
    expect((await json(b)).error.fields.isSatellite).toBe("Must be true or false");
  });
});

describe("GET /v1/styles", () => {
  it("answers the partner's styling for the origin of its custom domain", async () => {
    const res = await call("/v1/styles?origin=" + encodeURIComponent("https://learn.northwind.test/post-auth"));
    expect(res.status).toBe(200);
    const s = await json(res);
    expect(s.platformName).toBe("Northwind Learn");
    expect(s.fontFamily).toBe("manrope");
    expect(s.logo.uri).toMatch(/^\/files\/public\//);
  });

  it("answers the product's default styling for the main origin and unknown origins", async () => {
    expect((await json(await call("/v1/styles?origin=http://localhost:5173"))).platformName).toBe("TechFIT");
    expect((await json(await call("/v1/styles?origin=https://unknown.example.test"))).platformName).toBe("TechFIT");
  });

  it("without origin, answers the styling of the host the request came to", async () => {
    expect((await json(await call("/v1/styles", { host: "skills.contoso.test" }))).platformName).toBe("Contoso Skills");
    expect((await json(await call("/v1/styles"))).platformName).toBe("TechFIT");
  });

  it("refuses an origin that is not an http(s) URL, naming the field", async () => {
    for (const bad of ["javascript:alert(1)", "not a url", "ftp://files.example.com"]) {
      const res = await call("/v1/styles?origin=" + encodeURIComponent(bad));
      expect(res.status).toBe(400);
      expect((await json(res)).error.fields.origin).toBe("Must be an http or https origin");
    }
  });
});

describe("GET /v1/health and /v1/openapi.json", () => {
  it("health answers ok", async () => {
    expect(await json(await call("/v1/health"))).toEqual({ ok: true });
  });

  it("publishes an OpenAPI document generated from the contract schemas", async () => {
    const doc = await json(await call("/v1/openapi.json"));
    expect(doc.openapi).toMatch(/^3\./);
    const exist = doc.paths["/v1/custom-domains/exist"].get;
    expect(exist.parameters.map((p: { name: string }) => p.name).sort()).toEqual(["isSatellite", "uri"]);
    expect(exist.parameters.find((p: { name: string }) => p.name === "uri").required).toBe(true);
    const styling = doc.paths["/v1/styles"].get.responses["200"].content["application/json"].schema;
    expect(styling.$ref).toBe("#/components/schemas/Styling");
    expect(doc.components.schemas.Styling.properties.platformName.type).toBe("string");
    expect(doc.components.schemas.Styling.required).toContain("brandColour");
  });
});
