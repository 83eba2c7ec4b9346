import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import { ACCOUNT_DETAILS, apiAs, multipart, signUp } from "./auth";
import { json } from "./helpers";

/**
 * A user's row lives in the directory and is copied to each shard whose rows
 * point at it. The Worker keeps a caller's row for a few seconds per isolate;
 * a request on another shard must still find that shard's copy current,
 * however recently the row was read or changed on another database.
 */
const second = drizzle(env.SHARD_WEUR_1, { schema });

describe("a user's copies on the shards", () => {
  it("a change made through the directory reaches the copy on the shard of the next account the user acts for, at once", async () => {
    const owner = await signUp("Ursula Copies");
    const made = await apiAs(owner.token).post("/v1/accounts", multipart({ ...ACCOUNT_DETAILS, name: "Copies Ltd", location: "UK", type: "partner" }));
    expect(made.status).toBe(201);
    const partnerId = (await json<{ id: string }>(made)).id;
    const me = await json<{ id: string }>(await apiAs(owner.token, { accountId: partnerId }).get("/v1/users/me"));
    const copy = async () => (await second.select().from(schema.users).where(eq(schema.users.id, me.id)))[0];
    expect(await copy()).toBeDefined();

    // Changed through a request with no account (the default shard, the directory's own database)…
    const changed = await apiAs(owner.token).put(`/v1/users/${me.id}/time-zone`, { timeZone: "Asia/Tokyo" });
    expect(changed.status).toBe(200);
    expect((await copy())?.timeZone).not.toBe("Asia/Tokyo");
    // …then acting for the partner on its shard: the copy there is brought up to date before the request goes on.
    const team = await apiAs(owner.token, { accountId: partnerId }).get("/v1/admin/account-users");
    expect(team.status).toBe(200);
    expect((await copy())?.timeZone).toBe("Asia/Tokyo");
  });
});
