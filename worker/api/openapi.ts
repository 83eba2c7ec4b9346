import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../env";
import { endpoints, type RegisteredEndpoint } from "../http/endpoint";

type Json = Record<string, unknown>;

/**
 * One schema as OpenAPI JSON Schema. Schemas with a `.meta({ id })` become
 * shared components, referenced as #/components/schemas/<id>.
 */
function jsonSchema(schema: z.ZodType, io: "input" | "output", components: Json): Json {
  const raw = JSON.stringify(z.toJSONSchema(schema, { io, unrepresentable: "any", target: "openapi-3.0" }));
  const out = JSON.parse(raw.replace(/"#\/(?:definitions|\$defs)\//g, '"#/components/schemas/')) as Json;
  const defs = (out.definitions ?? out.$defs ?? {}) as Record<string, Json>;
  for (const [id, def] of Object.entries(defs)) {
    const { $id: _id, ...rest } = def;
    components[id] = rest;
  }
  delete out.definitions;
  delete out.$defs;
  return out;
}

function parameters(e: RegisteredEndpoint, components: Json) {
  const out: unknown[] = [];
  for (const [where, schema] of [
    ["query", e.query],
    ["path", e.params],
  ] as const) {
    if (!schema) continue;
    const s = jsonSchema(schema, "input", components) as { properties?: Record<string, unknown>; required?: string[] };
    for (const [name, prop] of Object.entries(s.properties ?? {})) {
      out.push({ name, in: where, required: where === "path" || (s.required ?? []).includes(name), schema: prop });
    }
  }
  return out;
}

/** The OpenAPI 3 document of every registered /v1 endpoint, built from the contract's zod schemas. */
export function openApiDocument() {
  const paths: Record<string, Record<string, unknown>> = {};
  const schemas: Json = {};
  for (const e of endpoints) {
    const op: Record<string, unknown> = {
      summary: e.summary,
      tags: e.tags,
      parameters: parameters(e, schemas),
      security: e.auth === "public" ? [] : [{ bearer: [] }],
      responses: Object.fromEntries(
        Object.entries(e.responses).map(([status, r]) => [
          status,
          {
            description: r.description,
            ...(r.contentType
              ? { content: { [r.contentType]: { schema: { type: "string" } } } }
              : r.schema
                ? { content: { "application/json": { schema: jsonSchema(r.schema, "output", schemas) } } }
                : {}),
          },
        ]),
      ),
    };
    if (e.body) op.requestBody = { required: true, content: { "application/json": { schema: jsonSchema(e.body, "input", schemas) } } };
    if (e.form) {
      const properties: Json = {
        data: { type: "string", description: "JSON", contentMediaType: "application/json", "x-schema": jsonSchema(e.form.data, "input", schemas) },
      };
      for (const f of e.form.files) properties[f.field] = { type: "string", format: "binary" };
      op.requestBody = { required: true, content: { "multipart/form-data": { schema: { type: "object", properties } } } };
    }
    (paths[e.fullPath] ??= {})[e.method] = op;
  }
  return {
    openapi: "3.0.3",
    info: { title: "TechFIT platform API", version: "1.0.0" },
    servers: [{ url: "/" }],
    components: {
      schemas,
      securitySchemes: {
        bearer: { type: "http", scheme: "bearer", description: "Session token; send X-Account-Id to act as one of your accounts" },
      },
    },
    paths,
  };
}

export const openapi = new Hono<AppEnv>();
let cached: ReturnType<typeof openApiDocument> | undefined;
openapi.get("/openapi.json", (c) => c.json((cached ??= openApiDocument())));
