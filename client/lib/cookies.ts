/** Small helpers for the few cookies the client writes (theme, language, sidebar:state). */

/** The request's Cookie header while the server renders a page (the sidebar's stored state), "" otherwise. */
let serverCookies = "";
export function setServerCookies(header: string): void {
  serverCookies = header;
}

/** The names of the cookies read from the server's request while `serverCookieReads` runs. */
let serverReads: Set<string> | null = null;

/** Runs `render` on the server and tells which of the request's cookies it read (a page rendered once serves requests with the same values). */
export function serverCookieReads<T>(render: () => T): { result: T; names: string[] } {
  const reads = new Set<string>();
  serverReads = reads;
  try {
    return { result: render(), names: [...reads] };
  } finally {
    serverReads = null;
  }
}

export function readCookie(name: string, from?: string): string | null {
  let source = from;
  if (source === undefined && typeof document === "undefined") {
    serverReads?.add(name);
    source = serverCookies;
  }
  source ??= document.cookie;
  for (const part of source.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return null;
      }
    }
  }
  return null;
}

/** The Set-Cookie-style string for `document.cookie` (path /, SameSite=Lax, Secure on https). */
export function cookieString(name: string, value: string, maxAgeSeconds: number, secure = false): string {
  return `${name}=${encodeURIComponent(value)}; path=/; max-age=${maxAgeSeconds}; SameSite=Lax${secure ? "; Secure" : ""}`;
}

export function writeCookie(name: string, value: string, maxAgeSeconds: number): void {
  if (typeof document === "undefined") return;
  document.cookie = cookieString(name, value, maxAgeSeconds, location.protocol === "https:");
}

/** localStorage that never throws (private modes, disabled storage). */
export const storage = {
  get(key: string): string | null {
    try {
      return localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key: string, value: string): void {
    try {
      localStorage.setItem(key, value);
    } catch {
      /* storage unavailable: the cookie still carries the choice */
    }
  },
};

export const ONE_YEAR = 60 * 60 * 24 * 365;
