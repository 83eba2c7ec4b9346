/**
 * get-session's read in one round trip (worker/identity/embedded.ts
 * sessionReadInOne): the session looked up by its token, joined with its user,
 * answers exactly what the provider's own two reads answer, in one D1 call.
 */
import { env } from "cloudflare:workers";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { drizzle } from "drizzle-orm/d1";
import { describe, expect, it } from "vitest";
import { authSchema } from "../../db/schema";
import { meteredD1, newMeter } from "../../worker/d1/metered";
import { embeddedAuth, sessionReadInOne } from "../../worker/identity/embedded";
import { signInCookie } from "./auth";

const adapterOver = (d1: D1Database) => drizzleAdapter(drizzle(d1), { provider: "sqlite", schema: authSchema });

/** The session token inside a session cookie (`better-auth.session_token=<token>.<signature>`). */
const tokenOf = (cookie: string) => decodeURIComponent(cookie.match(/better-auth\.session_token=([^;]+)/)![1]!).split(".")[0]!;

const bySessionToken = (token: string) => ({ model: "session", where: [{ field: "token", value: token }], join: { user: true as const } });

describe("get-session's read", () => {
  it("answers the session with its user as the provider's two reads do, in one D1 call", async () => {
    const cookie = await signInCookie("dan@fabrikam.test");
    const token = tokenOf(cookie);
    const { options } = await embeddedAuth(env, "http://localhost:5173", ["http://localhost:5173"]).$context;
    const [before, after] = [newMeter(), newMeter()];
    const own = adapterOver(meteredD1(env.DB, before))(options);
    const inOne = sessionReadInOne(drizzle(meteredD1(env.DB, after)), adapterOver(meteredD1(env.DB, after)))(options);

    const expected = await own.findOne<{ userId: string; user: { id: string; email: string } }>(bySessionToken(token));
    const found = await inOne.findOne(bySessionToken(token));
    expect(expected?.user.email).toBe("dan@fabrikam.test");
    expect(found).toEqual(expected);
    expect([before.calls, before.depth]).toEqual([2, 2]);
    expect([after.calls, after.depth]).toEqual([1, 1]);

    // No such session: nothing, as before.
    expect(await inOne.findOne(bySessionToken(`${token}x`))).toBeNull();
    expect(await own.findOne(bySessionToken(`${token}x`))).toBeNull();
    // Any other find goes to the adapter as it is.
    const user = { model: "user", where: [{ field: "id", value: expected!.userId }] };
    expect(await inOne.findOne(user)).toEqual(await own.findOne(user));
  });
});
