/**
 * Demo sign-ins for the embedded identity provider (README lists them): a
 * partner admin and member (Northwind), a customer admin and member
 * (Fabrikam, a Northwind customer), and admins of the other tenants for
 * cross-tenant checks. All share one demo password; the stored value is its
 * scrypt hash as better-auth writes it.
 */
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import * as schema from "../schema";
import { DEMO, DEMO_TIME_ZONES, SEED_TIME, demoId } from "./data";

export const DEMO_PASSWORD = "Demo-pass-2026!";
const DEMO_PASSWORD_HASH =
  "94f45942cc6dc082f97c02918f34516d:fbded93aa6b9522ec61e507af294c1fa3988ba22d98c93895123397894b5aa5e1a0f9b576fa144a1d766369c64ff63226fec8cd01c74efdd4cfe9c99c89b541d";

type DemoUser = {
  email: string;
  firstName: string;
  lastName: string;
  accountId: string;
  role: "owner" | "admin" | "member";
};

export const DEMO_USERS = {
  partnerAdmin: { email: "ada@northwind.test", firstName: "Ada", lastName: "Lovelace", accountId: DEMO.northwind.id, role: "owner" },
  partnerMember: { email: "ben@northwind.test", firstName: "Ben", lastName: "Okafor", accountId: DEMO.northwind.id, role: "member" },
  customerAdmin: { email: "cara@fabrikam.test", firstName: "Cara", lastName: "Lindqvist", accountId: DEMO.customers.fabrikam.id, role: "owner" },
  customerMember: { email: "dan@fabrikam.test", firstName: "Dan", lastName: "Moreau", accountId: DEMO.customers.fabrikam.id, role: "member" },
  otherPartnerAdmin: { email: "erin@contoso.test", firstName: "Erin", lastName: "Walsh", accountId: DEMO.contoso.id, role: "owner" },
  otherCustomerAdmin: { email: "finn@harbour.test", firstName: "Finn", lastName: "Harper", accountId: DEMO.customers.harbour.id, role: "owner" },
} as const satisfies Record<string, DemoUser>;

export type DemoUserKey = keyof typeof DEMO_USERS;

const at = new Date(SEED_TIME);

/** Each demo user's own zone: Northwind's staff read Berlin time, Fabrikam's people New York's; the others none (their browser's). */
export const DEMO_USER_TIME_ZONES: Partial<Record<DemoUserKey, string>> = {
  partnerAdmin: DEMO_TIME_ZONES.partner,
  partnerMember: DEMO_TIME_ZONES.partner,
  customerAdmin: DEMO_TIME_ZONES.customer,
  customerMember: DEMO_TIME_ZONES.customer,
};

/** The organisation behind each demo account has the account's id. */
export const DEMO_ORG_ACCOUNTS: { id: string; name: string }[] = [
  { id: DEMO.northwind.id, name: DEMO.northwind.name },
  { id: DEMO.contoso.id, name: DEMO.contoso.name },
  ...Object.values(DEMO.customers).map((c) => ({ id: c.id, name: c.name })),
];

export function identityRows(): [SQLiteTable, object[]][] {
  const entries = Object.entries(DEMO_USERS) as [DemoUserKey, DemoUser][];
  const authUserId = (i: number) => demoId("authUser", i + 1);
  const productUserId = (i: number) => demoId("user", i + 1);
  return [
    [
      schema.authUsers,
      entries.map(([, u], i) => ({
        id: authUserId(i),
        name: `${u.firstName} ${u.lastName}`,
        email: u.email,
        emailVerified: true,
        createdAt: at,
        updatedAt: at,
      })),
    ],
    [
      schema.authAccounts,
      entries.map(([,], i) => ({
        id: demoId("authAccount", i + 1),
        accountId: authUserId(i),
        providerId: "credential",
        userId: authUserId(i),
        password: DEMO_PASSWORD_HASH,
        createdAt: at,
        updatedAt: at,
      })),
    ],
    [
      schema.authOrganizations,
      DEMO_ORG_ACCOUNTS.map((a) => ({ id: a.id, name: a.name, slug: a.name.toLowerCase().replace(/[^a-z0-9]+/g, "-"), createdAt: at })),
    ],
    [
      schema.authMembers,
      entries.map(([, u], i) => ({ id: demoId("authMember", i + 1), organizationId: u.accountId, userId: authUserId(i), role: u.role, createdAt: at })),
    ],
    [
      schema.users,
      entries.map(([key, u], i) => ({
        id: productUserId(i),
        authId: authUserId(i),
        email: u.email,
        firstName: u.firstName,
        lastName: u.lastName,
        timeZone: DEMO_USER_TIME_ZONES[key] ?? null,
        createdAt: SEED_TIME,
        updatedAt: SEED_TIME,
      })),
    ],
    [
      schema.accountUsers,
      entries.map(([, u], i) => ({
        id: demoId("accountUser", i + 1),
        accountId: u.accountId,
        userId: productUserId(i),
        type: u.role === "owner" ? "owner" : "member",
        role: u.role,
        status: "active",
        email: u.email,
        name: `${u.firstName} ${u.lastName}`,
        createdAt: SEED_TIME,
        updatedAt: SEED_TIME,
      })),
    ],
  ];
}
