import { describe, expect, it } from "vitest";
import { apiAs } from "./auth";
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

describe("a missing value", () => {
  it("is 'Required' in every area, never zod's own words, where a field names no message of its own", async () => {
    const partner = apiAs("partnerAdmin");
    const customer = apiAs("customerAdmin");
    const someId = crypto.randomUUID();
    const answers = [
      await partner.get("/v1/admin/slots"),
      await partner.post(`/v1/jobs/${someId}/confirm`, {}),
      await partner.put(`/v1/jobs/${someId}/instructor`, {}),
      await partner.put(`/v1/jobs/${someId}/location`, {}),
      await customer.put(`/v1/admin/saved-items/${someId}`, {}),
      await customer.put(`/v1/bookings/${someId}/attendees`, {}),
      await customer.post(`/v1/bookings/${someId}/accept`, {}),
    ];
    const fields = await Promise.all(answers.map(async (res) => ({ status: res.status, fields: (await json(res)).error?.fields })));
    expect(fields).toEqual([
      { status: 400, fields: { workoutId: "Required" } },
      { status: 400, fields: { lines: "Required" } },
      { status: 400, fields: { userId: "Required" } },
      { status: 400, fields: { location: "Required" } },
      { status: 400, fields: { id: "Required", sequence: "Invalid sequence position" } },
      { status: 400, fields: { userIds: "Required" } },
      { status: 400, fields: { lines: "Required" } },
    ]);
  });
});
