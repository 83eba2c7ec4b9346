/**
 * The client's typed path map (contract/api.ts) against the endpoint registry:
 * every entry names a registered endpoint with the same method and path, and
 * the same schemas (compared as JSON Schema) for its path parameters, query,
 * body (JSON, or a multipart form's data and file fields) and successful
 * answer. A change on either side that the other does not follow fails here,
 * before a call can send or read the wrong shape.
 */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { apiPaths, type ApiOperation } from "../../contract/api";
import "../../worker/index";
import { endpoints } from "../../worker/http/endpoint";

const json = (schema: z.ZodType | null | undefined, io: "input" | "output") => (schema ? z.toJSONSchema(schema, { io, unrepresentable: "any" }) : null);

const entries = Object.entries(apiPaths).flatMap(([path, methods]) =>
  Object.entries(methods as Record<string, ApiOperation>).map(([method, op]) => ({ path, method, op })),
);

describe("the client's typed path map", () => {
  it("has entries", () => {
    expect(entries.length).toBeGreaterThan(20);
  });

  it.each(entries)("$method $path matches the registered endpoint", ({ path, method, op }) => {
    const registered = endpoints.find((e) => e.fullPath === path && e.method === method);
    expect(registered, `${method} ${path} is not registered`).toBeDefined();
    const success = Object.entries(registered?.responses ?? {}).find(([status]) => Number(status) >= 200 && Number(status) < 300);
    expect(success, "a successful answer").toBeDefined();
    expect(json(op.params, "input")).toEqual(json(registered?.params, "input"));
    expect(json(op.query, "input")).toEqual(json(registered?.query, "input"));
    expect(json(op.body, "input")).toEqual(json(registered?.body, "input"));
    expect(json(op.response, "output")).toEqual(json(success?.[1].schema, "output"));
    expect(op.form ? { data: json(op.form.data, "input"), files: [...op.form.files].sort() } : null).toEqual(
      registered?.form ? { data: json(registered.form.data, "input"), files: registered.form.files.map((f) => f.field).sort() } : null,
    );
  });
});
