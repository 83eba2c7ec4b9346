import type { z } from "zod";
import type { ApiMethod, ApiPaths } from "../../contract/api";
import type { ErrorEnvelope } from "../../contract/errors";
import { TIME_ZONE_HEADER } from "../../contract/time-zone-header";
import { releasePausedNotice, toastPaused } from "../components/ui/toast-store";

/**
 * The /v1 client: JSON or multipart, a bearer token from the identity layer
 * and the active account as X-Account-Id. Failures throw ApiError
 * carrying the server's envelope (code, message, fields).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
  }
}

type Config = { getToken: () => Promise<string | null>; accountId: () => string | null };
let config: Config = { getToken: async () => null, accountId: () => null };

/** Called by the identity layer once it knows how to get tokens and which account is active. */
export function configureApi(next: Partial<Config>): void {
  config = { ...config, ...next };
}

export type ApiInit = {
  method?: "GET" | "POST" | "PUT" | "DELETE" | "PATCH";
  json?: unknown;
  form?: FormData;
  query?: Record<string, string | number | boolean | undefined | null>;
  /** Override the active account (null: send none). */
  accountId?: string | null;
  /** Call without a token (public endpoints). */
  anonymous?: boolean;
  signal?: AbortSignal;
  /** Told the answer's HTTP status (a success may be 200 or 202 Accepted: done, or under way). */
  onStatus?: (status: number) => void;
};

/** The browser's own zone, which the server takes as the user's until one is stored ("today" of a date field). */
function sendZone(headers: Headers) {
  const zone = typeof Intl === "undefined" ? undefined : Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (zone) headers.set(TIME_ZONE_HEADER, zone);
}

async function request<T>(path: string, init: ApiInit = {}): Promise<T> {
  const url = new URL(`/v1${path.startsWith("/") ? path : `/${path}`}`, location.origin);
  for (const [k, v] of Object.entries(init.query ?? {})) if (v !== undefined && v !== null) url.searchParams.set(k, String(v));
  const headers = new Headers({ Accept: "application/json" });
  if (!init.anonymous) {
    const token = await config.getToken();
    if (token) headers.set("Authorization", `Bearer ${token}`);
    const accountId = init.accountId === undefined ? config.accountId() : init.accountId;
    if (accountId) headers.set("X-Account-Id", accountId);
    sendZone(headers);
  }
  let body: BodyInit | undefined;
  if (init.form) body = init.form;
  else if (init.json !== undefined) {
    headers.set("Content-Type", "application/json");
    body = JSON.stringify(init.json);
  }
  const method = init.method ?? (body ? "POST" : "GET");
  if (method !== "GET") releasePausedNotice();
  const res = await fetch(url, { method, headers, body, signal: init.signal });
  init.onStatus?.(res.status);
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  const data: unknown = text ? JSON.parse(text) : undefined;
  if (!res.ok) {
    const e = (data as ErrorEnvelope | undefined)?.error;
    // Writes wait while the organisation's data moves to another data centre: said once, for every screen.
    if (res.status === 503 && e?.code === "unavailable") toastPaused();
    throw new ApiError(res.status, e?.code ?? "internal", e?.message ?? res.statusText, e?.fields ?? {});
  }
  return data as T;
}

/* The typed calls: path, parameters, query, body and answer inferred from contract/api.ts. */
type Paths = ApiPaths;
type PathsWith<M extends ApiMethod> = { [P in keyof Paths]: M extends keyof Paths[P] ? P : never }[keyof Paths];
type Op<P extends keyof Paths, M extends ApiMethod> = M extends keyof Paths[P] ? Paths[P][M] : never;
/** A query as the caller writes it: the schema's keys (optional where it has a default) with their parsed types. */
type QueryOf<Q extends z.ZodType> = { [K in keyof z.input<Q>]: K extends keyof z.output<Q> ? z.output<Q>[K] : never };
/** A multipart body as the caller writes it: the `data` field's input, and a file (or none) per file field. */
type FormOf<F> = F extends { data: infer D extends z.ZodType; files: readonly (infer N extends string)[] }
  ? { data: z.input<D>; files?: Partial<Record<N, File | null | undefined>> }
  : never;
type ArgsOf<O> = (O extends { params: infer S extends z.ZodType } ? { params: z.input<S> } : { params?: never }) &
  (O extends { query: infer S extends z.ZodType } ? { query?: QueryOf<S> } : { query?: never }) &
  (O extends { body: infer S extends z.ZodType } ? { body: z.input<S> } : { body?: never }) &
  (O extends { form: infer F } ? { form: FormOf<F> } : { form?: never }) &
  Pick<ApiInit, "accountId" | "anonymous" | "signal" | "onStatus">;
type AnswerOf<O> = O extends { response: infer S extends z.ZodType } ? z.output<S> : void;
type NeedsArgs<O> = O extends { params: z.ZodType } ? true : O extends { body: z.ZodType } ? true : O extends { form: object } ? true : false;
type Rest<O> = NeedsArgs<O> extends true ? [args: ArgsOf<O>] : [args?: ArgsOf<O>];
type Call<M extends ApiMethod> = <P extends PathsWith<M>>(path: P, ...args: Rest<Op<P, M>>) => Promise<AnswerOf<Op<P, M>>>;

/** Fills "{name}" segments of a path from `params`, each value URI-encoded. */
export function fillPath(path: string, params: Record<string, unknown> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === null || value === "") throw new Error(`Missing path parameter ${name} of ${path}`);
    // Path parameters are ids and numbers.
    // eslint-disable-next-line @typescript-eslint/no-base-to-string
    return encodeURIComponent(String(value));
  });
}

type LooseArgs = {
  params?: Record<string, unknown>;
  query?: ApiInit["query"];
  body?: unknown;
  form?: { data: unknown; files?: Record<string, File | null | undefined> };
} & Pick<ApiInit, "accountId" | "anonymous" | "signal" | "onStatus">;

function typed<M extends ApiMethod>(method: M): Call<M> {
  const call = (path: string, args: LooseArgs = {}) => {
    const { params, query, body, form, ...init } = args;
    const below = fillPath(path, params).replace(/^\/v1/, "");
    return request(below, {
      ...init,
      method: method.toUpperCase() as ApiInit["method"],
      query,
      json: body,
      form: form ? formData(form.data, form.files) : undefined,
    });
  };
  return call as Call<M>;
}

/**
 * The /v1 client: `api.get("/v1/admin/dependents", { query })` and its kin
 * are checked by the compiler against contract/api.ts. There is no call by
 * a free path: a new endpoint is called once its entry is in the map.
 */
export const api = {
  get: typed("get"),
  post: typed("post"),
  put: typed("put"),
  delete: typed("delete"),
};

/** A multipart body of the API's shape: `data` as JSON plus named files. */
function formData(data: unknown, files: Record<string, File | null | undefined> = {}): FormData {
  const fd = new FormData();
  fd.set("data", JSON.stringify(data));
  for (const [name, file] of Object.entries(files)) if (file) fd.set(name, file);
  return fd;
}

/**
 * Downloads an access-checked file (an API path such as an attachment's
 * `fileUri`) with the caller's token and account, and hands it to the
 * browser as a download named from the server's Content-Disposition.
 */
export async function downloadFile(uri: string, fallbackName: string): Promise<void> {
  const headers = new Headers();
  const token = await config.getToken();
  if (token) headers.set("Authorization", `Bearer ${token}`);
  const accountId = config.accountId();
  if (accountId) headers.set("X-Account-Id", accountId);
  sendZone(headers);
  const res = await fetch(new URL(uri, location.origin), { headers });
  if (!res.ok) throw new ApiError(res.status, "download", res.statusText);
  const name = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(res.headers.get("Content-Disposition") ?? "")?.[1];
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement("a");
  a.href = url;
  a.download = name ? decodeURIComponent(name) : fallbackName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
