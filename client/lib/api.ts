import type { ErrorEnvelope } from "../../contract/errors";

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
};

export async function api<T>(path: string, init: ApiInit = {}): Promise<T> {
  const url = new URL(`/v1${path.startsWith("/") ? path : `/${path}`}`, location.origin);
  for (const [k, v] of Object.entries(init.query ?? {})) if (v !== undefined && v !== null) url.searchParams.set(k, String(v));
  const headers = new Headers({ Accept: "application/json" });
  if (!init.anonymous) {
    const token = await config.getToken();
    if (token) headers.set("Authorization", `Bearer ${token}`);
    const accountId = init.accountId === undefined ? config.accountId() : init.accountId;
    if (accountId) headers.set("X-Account-Id", accountId);
  }
  let body: BodyInit | undefined;
  if (init.form) body = init.form;
  else if (init.json !== undefined) {
    headers.set("Content-Type", "application/json");
    body = JSON.stringify(init.json);
  }
  const res = await fetch(url, { method: init.method ?? (body ? "POST" : "GET"), headers, body, signal: init.signal });
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  const data = text ? JSON.parse(text) : undefined;
  if (!res.ok) {
    const e = (data as ErrorEnvelope | undefined)?.error;
    throw new ApiError(res.status, e?.code ?? "internal", e?.message ?? res.statusText, e?.fields ?? {});
  }
  return data as T;
}

/** A multipart body of the API's shape: `data` as JSON plus named files. */
export function formData(data: unknown, files: Record<string, File | null | undefined> = {}): FormData {
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
