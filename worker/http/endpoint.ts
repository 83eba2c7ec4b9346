import { runRequestEnd } from "./request-end";
import type { Context, Hono, TypedResponse } from "hono";
import type { StatusCode } from "hono/utils/http-status";
import type { JSONParsed } from "hono/utils/types";
import { z } from "zod";
import { fieldsFromIssues } from "../../contract/errors";
import type { AppEnv } from "../env";
import {
  requireAccount,
  requireAccountAdmin,
  requireCustomer,
  requirePartner,
  requirePartnerAdmin,
  requireUser,
  type Acting,
  type Account,
  type ProductUser,
} from "../identity/context";
import type { AuthContext } from "../identity/tokens";
import { checkUpload, type CheckedUpload, type UploadRule } from "../storage/uploads";
import { refuseCallerWritesWhileMoving } from "../tenant/scope";
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
  /** A multipart body: a `data` field of JSON parsed by `data`, plus files by field name (images unless the rule says otherwise). */
  form?: { data: z.ZodType; files: UploadRule[] };
  /** Answers by status; a `contentType` other than JSON (e.g. a CSV export) is described as a string body of that type. */
  responses: Record<number, { description: string; schema?: z.ZodType; contentType?: string }>;
  /**
   * Reads the handler will need, started beside the account's guard (its
   * membership read) once the caller is signed in, from the inputs as they
   * parse (`undefined` where they do not): only reads, whose answers the
   * handler takes when they are what it needs after the guard passed
   * (docs/decisions/2026-11-27-copy-moves-read-in-one-round.md). A refused
   * guard answers as before; what was read is dropped.
   */
  early?: (c: Context<AppEnv>, input: { params: unknown; body: unknown }, caller: UserScope) => void;
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

/** The largest JSON body any endpoint takes (a whole workout with every section fits well within it). */
export const MAX_JSON_BYTES = 1024 * 1024;
const tooLarge = () => new ApiError("payload_too_large", "Body over 1 MB", { _: "Body over 1 MB" });

/** Reads the body as text, refusing (413) anything over MAX_JSON_BYTES without reading further. */
async function readCapped(req: Request): Promise<string> {
  const declared = Number(req.headers.get("Content-Length") ?? "0");
  if (declared > MAX_JSON_BYTES) throw tooLarge();
  if (!req.body) return "";
  // A body of declared length (within the cap) is read at once; one of unknown length in chunks, counted as it comes.
  if (req.headers.has("Content-Length")) {
    const text = await req.text();
    // Over HTTP the runtime holds a body to its declared length; a request made in-process may declare less than it carries.
    if (text.length > MAX_JSON_BYTES) throw tooLarge();
    return text;
  }
  const reader = req.body.getReader();
  const parts: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_JSON_BYTES) {
      await reader.cancel();
      throw tooLarge();
    }
    parts.push(value);
  }
  const all = new Uint8Array(size);
  let at = 0;
  for (const p of parts) {
    all.set(p, at);
    at += p.byteLength;
  }
  return new TextDecoder().decode(all);
}

async function readJson(c: Context<AppEnv>, schema: z.ZodType): Promise<unknown> {
  const text = await readCapped(c.req.raw);
  // A body its schema lets be absent (`.optional()`) may be sent empty.
  if (!text.trim() && schema.safeParse(undefined).success) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw invalid({ _: "Body must be JSON" }, "Body must be JSON");
  }
}

/** The signed-in caller, before any account is chosen. */
export type UserScope = { auth: AuthContext; user: ProductUser };
/** A member (any role) of the account in X-Account-Id. */
export type AccountScope = Acting;
/** A member of a partner account. */
export type PartnerScope = Acting & { account: Account & { type: "partner" } };
/** A member of a customer account. */
export type CustomerScope = Acting & { account: Account & { type: "customer" } };
/** An owner or admin of the acting account. */
export type AdminScope = Acting & { role: "owner" | "admin" };
/** An owner or admin of a partner account. */
export type PartnerAdminScope = PartnerScope & AdminScope;

/**
 * The scope an endpoint's handler receives, by its `auth` level: who is
 * calling and as which account, already checked by the guard. The data layer
 * (worker/data) takes it, so a handler never re-runs a guard or forgets whose
 * rows it may touch.
 */
export type ScopeFor<A extends EndpointSpec["auth"]> = {
  public: undefined;
  user: UserScope;
  account: AccountScope;
  customer: CustomerScope;
  partner: PartnerScope;
  accountAdmin: AdminScope;
  partnerAdmin: PartnerAdminScope;
}[A];

const GUARDS: { [A in EndpointSpec["auth"]]: (c: Context<AppEnv>) => Promise<ScopeFor<A>> } = {
  public: async () => undefined,
  user: requireUser,
  account: requireAccount,
  customer: requireCustomer as (c: Context<AppEnv>) => Promise<CustomerScope>,
  partner: requirePartner as (c: Context<AppEnv>) => Promise<PartnerScope>,
  accountAdmin: requireAccountAdmin as (c: Context<AppEnv>) => Promise<AdminScope>,
  partnerAdmin: requirePartnerAdmin as (c: Context<AppEnv>) => Promise<PartnerAdminScope>,
};

/** Parses a multipart body: `data` (JSON) by its schema, then each file by its rule. */
async function readForm(c: Context<AppEnv>, form: NonNullable<EndpointSpec["form"]>) {
  let fd: FormData;
  try {
    fd = await c.req.formData();
  } catch {
    throw new ApiError("unsupported_media_type", "Send multipart/form-data", { _: "Send multipart/form-data" });
  }
  const raw = fd.get("data");
  if (typeof raw === "string" && raw.length > MAX_JSON_BYTES) throw tooLarge();
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
    if (value instanceof File && value.size > 0) files[rule.field] = await checkUpload(value, rule);
  }
  return { data, files };
}

type Declared<S extends EndpointSpec> = S["responses"][keyof S["responses"]];
type SchemaOf<R> = R extends { contentType: string } ? never : R extends { schema: infer Z extends z.ZodType } ? Z : never;
/**
 * What a handler may answer, checked by the compiler: JSON that is one of the
 * shapes its spec declares (as `c.json` serialises it), a body without JSON
 * (`c.body(null, 204)`), or, for an endpoint that declares another content
 * type (a CSV export, a download), any Response. A handler answering JSON its
 * spec does not describe does not compile. The status is checked at run time
 * in the worker tests (RESPONSE_CHECKS).
 */
export type Answer<S extends EndpointSpec> =
  | (Response & TypedResponse<JSONParsed<z.input<SchemaOf<Declared<S>>>>, StatusCode, "json">)
  | (Response & TypedResponse<null, StatusCode, "body">)
  | (Extract<Declared<S>, { contentType: string }> extends never ? never : Response);

/** Registers `spec` on `router` (mounted at `mount`) with parsed, typed input. */
export function endpoint<S extends EndpointSpec>(
  router: Hono<AppEnv>,
  mount: string,
  spec: S,
  handler: (c: Context<AppEnv>, input: EndpointInput<S>, scope: ScopeFor<S["auth"]>) => Answer<S> | Promise<Answer<S>>,
) {
  endpoints.push({ ...spec, fullPath: `${mount}${spec.path}` });
  router.on(spec.method.toUpperCase(), honoPath(spec.path), async (c) => {
    try {
      return await answer(c);
    } finally {
      runRequestEnd(c);
    }
  });
  async function answer(c: Context<AppEnv>) {
    const read = spec.early && spec.auth !== "public" ? await startEarly(c, spec, spec.early) : undefined;
    const scope = (await GUARDS[spec.auth](c)) as ScopeFor<S["auth"]>;
    // A write reaching a partner that moves shard waits, whatever the endpoint (worker/tenant/scope.ts).
    await refuseCallerWritesWhileMoving(c, scope);
    const input = {
      query: spec.query ? parse(spec.query, c.req.query()) : undefined,
      params: spec.params ? parse(spec.params, c.req.param()) : undefined,
      // A body the early reads already parsed is taken as parsed (once per request); otherwise parsed here, 400 on a fault.
      body: spec.body ? (read?.parsed?.success ? read.parsed.data : parse(spec.body, await (read ? read.body : readJson(c, spec.body)))) : undefined,
      form: spec.form ? await readForm(c, spec.form) : undefined,
    } as EndpointInput<S>;
    const response = await handler(c, input, scope);
    if ((c.env as { RESPONSE_CHECKS?: string }).RESPONSE_CHECKS === "on") await checkResponse(spec, response);
    return response;
  }
}

/**
 * A signed-in caller's request to an endpoint with `early` reads: the body is
 * read (answered later, after the guard, so a refused guard still answers
 * first) and the reads are started with the inputs that parse. Answers the
 * body's reading. Without a signed-in caller nothing starts (the guard says 401).
 */
async function startEarly(
  c: Context<AppEnv>,
  spec: EndpointSpec,
  early: NonNullable<EndpointSpec["early"]>,
): Promise<{ body: Promise<unknown>; parsed?: { success: boolean; data?: unknown } }> {
  const caller = await requireUser(c).catch(() => null);
  const body = spec.body ? readJson(c, spec.body) : Promise.resolve(undefined);
  body.catch(() => undefined);
  if (!caller) return { body };
  const parsed = (value: unknown, s: z.ZodType | undefined): unknown => {
    const result = s?.safeParse(value);
    return result?.success ? result.data : undefined;
  };
  const raw = await body.catch(() => undefined);
  const bodyParsed = spec.body && raw !== undefined ? spec.body.safeParse(raw) : undefined;
  try {
    early(c, { params: parsed(c.req.param(), spec.params), body: bodyParsed?.success ? bodyParsed.data : undefined }, caller);
  } catch (err) {
    // Only reads ahead: the handler reads what it needs itself.
    console.error(JSON.stringify({ level: "error", message: "early reads failed", path: spec.path, error: String(err).slice(0, 300) }));
  }
  return { body, parsed: bodyParsed };
}

/**
 * Tests only (the worker test configuration sets RESPONSE_CHECKS): a 2xx JSON
 * answer must parse with the schema its endpoint declares for that status, and
 * a status the endpoint does not declare is a fault too. A mismatch throws, so
 * the test that made the call sees a 500 and the log names the fields.
 */
async function checkResponse(spec: EndpointSpec, response: Response) {
  if (response.status < 200 || response.status > 299) return;
  const declared = spec.responses[response.status];
  const where = `${spec.method.toUpperCase()} ${spec.path} ${response.status}`;
  if (!declared) throw new Error(`Response check: ${where} is not a declared status`);
  if (!(response.headers.get("Content-Type") ?? "").includes("application/json")) return;
  if (!declared.schema) throw new Error(`Response check: ${where} answers JSON without a declared schema`);
  const result = declared.schema.safeParse(await response.clone().json());
  if (!result.success) {
    const detail = result.error.issues.map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`).join("; ");
    console.error(`Response check failed: ${where}: ${detail}`);
    throw new Error(`Response check: ${where} does not match its schema: ${detail}`);
  }
}
