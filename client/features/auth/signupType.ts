/** The sign-up choice (partner or customer), carried from /signup into onboarding. */
export type SignupType = "partner" | "customer";
const KEY = "techfit:signupType";

export function signupType(search = ""): SignupType | null {
  const fromQuery = new URLSearchParams(search).get("type");
  if (fromQuery === "partner" || fromQuery === "customer") return fromQuery;
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
