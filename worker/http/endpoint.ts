import type { Context, Hono } from "hono";
import { z } from "zod";
import { fieldsFromIssues } from "../../contract/errors";
import type { AppEnv } from "../env";
import { invalid } from "./errors";

type Method = "get" | "post" | "put" | "delete" | "patch";

/**
 * One endpoint's contract: the zod schemas from contract/ that parse its
 * inputs, and the ones that describe its answers. The same object feeds the
 * validation below and the OpenAPI document at /v1/openapi.json.
 */
export type EndpointSpec<Q extends z.ZodType = z.ZodType, P extends z.ZodType = z.ZodType, B extends z.ZodType = z.ZodType> = {
  method: Method;
  /** OpenAPI-style path below /v1, e.g. "/custom-domains/{id}". */
  path: string;
  summary: string;
  tags: string[];
  /** Who may call it: no session, or a signed-in user (the identity layer enforces it). */
  auth: "public" | "user";
  query?: Q;
  params?: P;
  body?: B;
  responses: Record<number, { description: string; schema?: z.ZodType }>;
};

type Out<T> = T extends z.ZodType ? z.output<T> : undefined;
export type EndpointInput<S extends EndpointSpec> = {
  query: Out<S["query"]>;
  params: Out<S["params"]>;
  body: Out<S["body"]>;
};

export type RegisteredEndpoint = EndpointSpec & { fullPath: string };
export const endpoints: RegisteredEndpoint[] = [];

const honoPath = (path: string) => path.replace(/\{(\w+)\}/g, ":$1");

function parse<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const result = schema.safeParse(value);
  if (!result.success) throw invalid(fieldsFromIssues(result.error.issues));
  return result.data;
}

async function readJson(c: Context<AppEnv>): Promise<unknown> {
  try {
    return await c.req.json();
  } catch {
    throw invalid({ _: "Body must be JSON" }, "Body must be JSON");
  }
}

/** Registers `spec` on `router` (mounted at `mount`) with parsed, typed input. */
export function endpoint<S extends EndpointSpec>(
  router: Hono<AppEnv>,
  mount: string,
  spec: S,
  handler: (c: Context<AppEnv>, input: EndpointInput<S>) => Response | Promise<Response>,
) {
  endpoints.push({ ...spec, fullPath: `${mount}${spec.path}` });
  router.on(spec.method.toUpperCase(), honoPath(spec.path), async (c) => {
    const input = {
      query: spec.query ? parse(spec.query, c.req.query()) : undefined,
      params: spec.params ? parse(spec.params, c.req.param()) : undefined,
      body: spec.body ? parse(spec.body, await readJson(c)) : undefined,
    } as EndpointInput<S>;
    return handler(c, input);
  });
}
