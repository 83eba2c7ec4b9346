import type { Catalogue } from "./en-US";

/** The en-AU words among the keys of the first screens (see en-US.first.ts and en-AU.ts). */
export const enAUFirst: Partial<Catalogue> = {
  "auth.invite.signInSubtitle": "Sign in to {platform} to join the organisation that invited you. New here? Sign up with the address the invite was sent to.",
};
