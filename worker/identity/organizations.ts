import type { BatchItem } from "drizzle-orm/batch";
import type { Context } from "hono";
import { authMembers, authOrganizations } from "../../db/schema";
import type { AppEnv } from "../env";
import { invalid } from "../http/errors";
import type { AuthContext } from "./tokens";

function slugify(name: string): string {
  const base = name
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 40);
  return `${base || "org"}-${crypto.randomUUID().slice(0, 6)}`;
}

/**
 * The identity provider's organisation behind a new account
 * (organisations are accounts). Embedded: the organisation and its owner
 * membership are written in the same batch as the account. Clerk: the client
 * has just created it with Clerk and made it active, so it is the token's org.
 */
export function organisationForNewAccount(c: Context<AppEnv>, auth: AuthContext, name: string): { orgId: string; statements: BatchItem<"sqlite">[] } {
  if (auth.provider === "clerk") {
    if (!auth.orgId) throw invalid({ organization: "Create the organisation first" });
    return { orgId: auth.orgId, statements: [] };
  }
  const db = c.get("directory");
  const orgId = crypto.randomUUID();
  const now = new Date();
  return {
    orgId,
    statements: [
      db.insert(authOrganizations).values({ id: orgId, name, slug: slugify(name), createdAt: now }),
      db.insert(authMembers).values({ id: crypto.randomUUID(), organizationId: orgId, userId: auth.userId, role: "owner", createdAt: now }),
    ],
  };
}

/** Adds the caller to an organisation (accepting an invite), in the directory, as the row `id` (an invite's acceptance takes it back by that id when the shard's step fails; none added when the caller already belongs). */
export function membershipStatements(
  c: Context<AppEnv>,
  auth: AuthContext,
  orgId: string | null,
  role: string,
  id = crypto.randomUUID(),
): BatchItem<"sqlite">[] {
  if (auth.provider === "clerk" || !orgId) return [];
  return [c.get("directory").insert(authMembers).values({ id, organizationId: orgId, userId: auth.userId, role, createdAt: new Date() }).onConflictDoNothing()];
}
