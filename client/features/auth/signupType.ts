/** The sign-up choice (partner or customer), carried from /signup into onboarding. */
export type SignupType = "partner" | "customer";
const KEY = "techfit:signupType";

/** The choice the address carries (`?type=partner|customer`), or null. */
export function typeInQuery(search: string): SignupType | null {
  const fromQuery = new URLSearchParams(search).get("type");
  return fromQuery === "partner" || fromQuery === "customer" ? fromQuery : null;
}

/** `search` with its choice set to `type` (or taken away), every other parameter kept: "?redirectUrl=…&type=partner". */
export function withType(search: string, type: SignupType | null): string {
  const params = new URLSearchParams(search);
  if (type) params.set("type", type);
  else params.delete("type");
  const query = params.toString();
  return query ? `?${query}` : "";
}

export function signupType(search = ""): SignupType | null {
  const fromQuery = typeInQuery(search);
  if (fromQuery) return fromQuery;
  try {
    const stored = sessionStorage.getItem(KEY);
    return stored === "partner" || stored === "customer" ? stored : null;
  } catch {
    return null;
  }
}

export function rememberSignupType(type: SignupType): void {
  try {
    sessionStorage.setItem(KEY, type);
  } catch {
    /* storage unavailable */
  }
}

/** Forgets the choice: signing out ends it, so the next person in this tab chooses afresh. */
export function forgetSignupType(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    /* storage unavailable */
  }
}
