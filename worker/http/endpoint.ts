import type { Context, Hono } from "hono";
import { z } from "zod";
import { fieldsFromIssues } from "../../contract/errors";
import type { AppEnv } from "../env";
import { requireAccount, requireAccountAdmin, requireCustomer, requirePartner, requirePartnerAdmin, requireUser } from "../identity/context";
import { checkImage, type CheckedUpload, type UploadRule } from "../storage/uploads";
import { ApiError, invalid } from "./errors";

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
  /**
   * Who may call it (worker/identity): anyone; a signed-in user; a member of
   * the account in X-Account-Id (of any type, a customer, a partner); an owner
   * or admin of it; an owner or admin of a partner account.
   */
  auth: "public" | "user" | "account" | "customer" | "partner" | "accountAdmin" | "partnerAdmin";
  query?: Q;
  params?: P;
  body?: B;
  /** A multipart body: a `data` field of JSON parsed by `data`, plus image files by field name. */
  form?: { data: z.ZodType; files: UploadRule[] };
  responses: Record<number, { description: string; schema?: z.ZodType }>;
};

type Out<T> = T extends z.ZodType ? z.output<T> : undefined;
export type EndpointInput<S extends EndpointSpec> = {
  query: Out<S["query"]>;
  params: Out<S["params"]>;
  body: Out<S["body"]>;
  form: S["form"] extends { data: infer D } ? { data: Out<D>; files: Record<string, CheckedUpload | undefined> } : undefined;
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

const GUARDS = {
  public: async () => {},
  user: requireUser,
  account: requireAccount,
  customer: requireCustomer,
  partner: requirePartner,
  accountAdmin: requireAccountAdmin,
  partnerAdmin: requirePartnerAdmin,
} as const;

/** Parses a multipart body: `data` (JSON) by its schema, then each file by its rule. */
async function readForm(c: Context<AppEnv>, form: NonNullable<EndpointSpec["form"]>) {
  let fd: FormData;
  try {
    fd = await c.req.formData();
  } catch {
    throw new ApiError("unsupported_media_type", "Send multipart/form-data", { _: "Send multipart/form-data" });
  }
  const raw = fd.get("data");
  let json: unknown = {};
  if (typeof raw === "string" && raw.trim()) {
    try {
      json = JSON.parse(raw);
    } catch {
      throw invalid({ data: "Must be JSON" });
    }
  }
  const data = parse(form.data, json);
  const files: Record<string, CheckedUpload | undefined> = {};
  for (const rule of form.files) {
    const value = fd.get(rule.field);
    if (value instanceof File && value.size > 0) files[rule.field] = await checkImage(value, rule);
  }
  return { data, files };
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
    await GUARDS[spec.auth](c);
    const input = {
      query: spec.query ? parse(spec.query, c.req.query()) : undefined,
      params: spec.params ? parse(spec.params, c.req.param()) : undefined,
      body: spec.body ? parse(spec.body, await readJson(c)) : undefined,
      form: spec.form ? await readForm(c, spec.form) : undefined,
    } as EndpointInput<S>;
    return handler(c, input);
  });
}
