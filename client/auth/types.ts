/**
 * The app-user state as the rest of the client sees it. The
 * identity layer (client/auth) owns it; the shell, guards and features read
 * it through `useAppUser()`. Its pieces are the contract's types.
 */
import type { z } from "zod";
import type { AccountDto } from "../../contract/accounts";
import type { AccountType } from "../../contract/enums";
import type { OnboardingInviteDto } from "../../contract/users";

/** The active account: what the shell needs of the contract's account. */
export type AppAccount = Pick<AccountDto, "id" | "name" | "type" | "tan" | "logo" | "timeZone">;

export type OnboardingInvite = z.output<typeof OnboardingInviteDto>;

export type AppUser = {
  /** The product's user id (null until the user row exists). */
  id: string | null;
  email: string;
  /** The identity provider's user id. */
  authId: string;
  firstName: string | null;
  lastName: string | null;
  /** The IANA zone the user reads times in (null until the browser has told it). */
  timeZone: string | null;
  imageUrl: string | null;
  /**
   * Accounts (organisations) the user belongs to: product id and provider org
   * id, with the name of the partner a customer is with (null: a partner's own
   * account, or a customer with no partner yet).
   */
  accounts: { id: string; authId: string; name: string; type: AccountType; partnerName: string | null; partnerId: string | null }[];
  onboardingInvites: OnboardingInvite[];
  activeAccountId: string | null;
};

export type AppUserState = {
  /** True from load until the identity provider has answered. */
  authenticating: boolean;
  signedIn: boolean;
  user: AppUser | null;
  /** The active account (the app account), with its type. */
  account: AppAccount | null;
  /** The signed-in user's role in the active account's organisation. */
  role: "owner" | "admin" | "member" | null;
  /** Switches the active organisation/account (loads account user, account, saved list). */
  setActiveAccount: (accountId: string) => Promise<void>;
  signOut: () => Promise<void>;
  /** A bearer token for /v1 calls, or null when signed out. */
  getToken: () => Promise<string | null>;
};
