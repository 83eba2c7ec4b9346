import { describe, expect, it } from "vitest";
import { TELEMETRY_BLOBS } from "../../worker/api/telemetry";
import { apiAs } from "./auth";
import { call, json } from "./helpers";
import { first } from "../present";

type Point = { indexes?: string[]; blobs?: string[]; doubles?: number[] };

/** Posts an event (a string goes as it is) to the Worker with a recording Analytics Engine dataset in place of the real one. */
async function post(body: unknown, opts: { telemetry?: string; host?: string } = {}) {
  const points: Point[] = [];
  const dataset = { writeDataPoint: (p: Point) => void points.push(p) };
  const bindings = { TELEMETRY_DATASET: dataset, TELEMETRY: opts.telemetry ?? "on" };
  const res = await apiAs(null, { host: opts.host, bindings }).post("/v1/telemetry", body);
  return { res, points };
}

const pageView = { type: "pageView", name: "Partner Bookings", path: "/jobs", authenticated: true, userId: "u-1", accountId: "a-1", language: "enGB" };

describe("POST /v1/telemetry", () => {
  it("writes a page view to the Analytics Engine dataset and answers 204", async () => {
    const { res, points } = await post(pageView);
    expect(res.status).toBe(204);
    expect(points).toHaveLength(1);
    const row = Object.fromEntries(TELEMETRY_BLOBS.map((k, i) => [k, first(points).blobs![i]]));
    expect(row).toMatchObject({
      type: "pageView",
      name: "Partner Bookings",
      path: "/jobs",
      authenticated: "true",
      userId: "u-1",
      accountId: "a-1",
      host: "localhost",
      language: "enGB",
    });
    expect(first(points).indexes).toEqual(["main"]);
    expect(first(points).doubles).toEqual([1]);
  });

  it("indexes a partner domain's events by the partner", async () => {
    const { res, points } = await post({ ...pageView, authenticated: false, userId: null }, { host: "learn.northwind.test" });
    expect(res.status).toBe(204);
    expect(first(points).indexes![0]).not.toBe("main");
    expect(first(points).blobs![TELEMETRY_BLOBS.indexOf("host")]).toBe("learn.northwind.test");
    expect(first(points).blobs![TELEMETRY_BLOBS.indexOf("authenticated")]).toBe("false");
  });

  it("writes exceptions with their message and stack", async () => {
    const { res, points } = await post({ type: "exception", name: "TypeError", message: "x is undefined", stack: "at y", path: "/" });
    expect(res.status).toBe(204);
    const blobs = first(points).blobs!;
    expect(blobs[TELEMETRY_BLOBS.indexOf("type")]).toBe("exception");
    expect(blobs[TELEMETRY_BLOBS.indexOf("message")]).toBe("x is undefined");
    expect(blobs[TELEMETRY_BLOBS.indexOf("stack")]).toBe("at y");
  });

  it("writes nothing when the var TELEMETRY is off, and still answers 204", async () => {
    const { res, points } = await post(pageView, { telemetry: "off" });
    expect(res.status).toBe(204);
    expect(points).toEqual([]);
  });

  it("refuses what is not a telemetry event with 400 and the fields, writing nothing", async () => {
    for (const bad of [
      {},
      { ...pageView, type: "click" },
      { ...pageView, name: "" },
      { ...pageView, authenticated: "yes" },
      { ...pageView, path: "https://elsewhere.example/x" },
      { ...pageView, language: "fr" },
    ]) {
      const { res, points } = await post(bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
      const body = await json(res);
      expect(body.error.code).toBe("invalid_input");
      expect(Object.keys(body.error.fields ?? {}).length).toBeGreaterThan(0);
      expect(points).toEqual([]);
    }
  });

  it("refuses a body that is not JSON with 400 and one over 8 KB with 413", async () => {
    expect((await post("not json")).res.status).toBe(400);
    const big = await post({ ...pageView, name: "x".repeat(9000) });
    expect(big.res.status).toBe(413);
    expect((await json(big.res)).error.code).toBe("payload_too_large");
    expect(big.points).toEqual([]);
  });

  it("works against the real dataset binding of wrangler.toml", async () => {
    const res = await apiAs(null).post("/v1/telemetry", pageView);
    expect(res.status).toBe(204);
  });

  it("is in the OpenAPI document", async () => {
    const doc = await json(await call("/v1/openapi.json"));
    expect(doc.paths["/v1/telemetry"].post.requestBody).toBeTruthy();
  });
});
