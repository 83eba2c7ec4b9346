/**
 * Compile-time checks of `endpoint()`'s handler type, run by the type check
 * step of `npm test` (this file is never executed): a handler may answer only
 * what its spec declares. Each `@ts-expect-error` fails the type check if the
 * line below it ever compiles.
 */
import { z } from "zod";
import type { endpoint } from "../../worker/http/endpoint";

export const Thing = z.object({ id: z.string(), name: z.string(), note: z.string().nullable() });

type JsonSpec = {
  method: "get";
  path: "/things/{id}";
  summary: "";
  tags: [];
  auth: "public";
  responses: { 200: { description: ""; schema: typeof Thing }; 204: { description: "" } };
};
type CsvSpec = Omit<JsonSpec, "responses"> & { responses: { 200: { description: ""; contentType: "text/csv" } } };
type Handler<S extends JsonSpec | CsvSpec> = Parameters<typeof endpoint<S>>[3];

export const declaredShape: Handler<JsonSpec> = (c) => c.json({ id: "a", name: "A", note: null });
export const emptyBody: Handler<JsonSpec> = (c) => c.body(null, 204);
export const asyncAnswer: Handler<JsonSpec> = async (c) => c.json(await Promise.resolve({ id: "a", name: "A", note: "n" }));

// @ts-expect-error a field the schema does not have, and one it needs missing
export const wrongShape: Handler<JsonSpec> = (c) => c.json({ id: "a", title: "A", note: null });
// @ts-expect-error a field of the wrong type
export const wrongType: Handler<JsonSpec> = (c) => c.json({ id: 1, name: "A", note: null });
// @ts-expect-error a bare Response escapes the check, so a JSON endpoint may not return one
export const untyped: Handler<JsonSpec> = () => new Response("{}");

export const download: Handler<CsvSpec> = () => new Response("a,b\n", { headers: { "Content-Type": "text/csv" } });
