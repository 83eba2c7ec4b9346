import { describe, expect, it } from "vitest";
import { call, json } from "./helpers";

describe("the error envelope", () => {
  it("answers an unknown /v1 path with 404 in the envelope, with a request id", async () => {
    const res = await call("/v1/no-such-thing");
    expect(res.status).toBe(404);
    const body = await json(res);
    expect(body.error.code).toBe("not_found");
    expect(body.error.requestId).toBe(res.headers.get("X-Request-Id"));
    expect(typeof body.error.message).toBe("string");
  });

  it("answers invalid input with 400 and the fields that failed", async () => {
    const body = await json(await call("/v1/custom-domains/exist?uri="));
    expect(body).toMatchObject({ error: { code: "invalid_input", fields: { uri: "Required" } } });
  });

  it("never answers 500 for an odd host", async () => {
    for (const host of ["xn--nxasmq6b.test", "a.b.c.d.e.f.test", "127.0.0.1", "[::1]"]) {
      const res = await call("/v1/styles", { host });
      expect(res.status).toBe(200);
    }
  });
});
