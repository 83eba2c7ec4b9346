import type { Catalogue } from "./en-US";

/** The en-GB spellings among the keys of the first screens (see en-US.first.ts and en-GB.ts). */
export const enGBFirst: Partial<Catalogue> = {
  "postAuth.notAvailable.body":
    "You're signed in as {email}, which doesn't belong to any organisation of {platform} ({host}), so we can't sign you in there. Continue here, or sign in with an account that belongs to {platform}.",
  "message.invalidColour": "Must be a valid colour",
  "message.planCancelTooEarly": "A plan cannot be cancelled before its minimum end date",
  "auth.invite.signInSubtitle": "Sign in to {platform} to join the organisation that invited you. New here? Sign up with the address the invite was sent to.",
};
