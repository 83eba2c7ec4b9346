import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../worker/http/errors";
import { ALREADY_A_MEMBER, CLERK_API, clerkAddMember, clerkInvite, clerkRevokeInvite, ticketOf } from "../../worker/identity/clerk-organizations";
import { nth } from "../present";

/** Clerk's Backend API, stood in for through the runtime's outbound fetch. */
function clerkAnswers(status: number, body: unknown) {
  return vi
    .spyOn(globalThis, "fetch")
    .mockImplementation(async () => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } }));
}
const env = { CLERK_SECRET_KEY: "sk_test_123" };
const sent = (spy: ReturnType<typeof clerkAnswers>, i = 0) => {
  const [input, init] = nth(spy.mock.calls, i);
  return new Request(input, init);
};

afterEach(() => vi.restoreAllMocks());

describe("Clerk organisation invitations and memberships", () => {
  it("invites through the organisation's invitations, without Clerk's own mail, and answers the invitation id and its ticket", async () => {
    const spy = clerkAnswers(200, {
      id: "orginv_1",
      status: "pending",
      url: "https://accounts.techfit.test/sign-up?__clerk_ticket=eyJ.tick.et&__clerk_status=sign_up",
    });
    expect(await clerkInvite(env, "org_abc", "new@fabrikam.test", "admin", "user_123")).toEqual({ id: "orginv_1", ticket: "eyJ.tick.et" });
    const req = sent(spy);
    expect(req.url).toBe(`${CLERK_API}/organizations/org_abc/invitations`);
    expect(req.method).toBe("POST");
    expect(req.headers.get("Authorization")).toBe("Bearer sk_test_123");
    expect(await req.json()).toEqual({ email_address: "new@fabrikam.test", role: "org:admin", inviter_user_id: "user_123", notify: false });
  });

  it("reads the ticket from either form of Clerk's accept URL, and answers none when Clerk gave no URL", async () => {
    expect(ticketOf("https://clerk.techfit.test/v1/tickets/accept?ticket=abc.def")).toBe("abc.def");
    expect(ticketOf("https://techfit.test/signup?__clerk_ticket=xyz")).toBe("xyz");
    expect(ticketOf("https://techfit.test/signup")).toBeNull();
    expect(ticketOf("not a url")).toBeNull();
    expect(ticketOf(null)).toBeNull();
    clerkAnswers(200, { id: "orginv_2", status: "pending" });
    expect(await clerkInvite(env, "org_abc", "plain@fabrikam.test", "member", "user_123")).toEqual({ id: "orginv_2", ticket: null });
  });

  it("takes a member whom the ticket's sign-up already joined as joined, and still refuses anything else", async () => {
    const spy = clerkAnswers(400, { errors: [{ code: ALREADY_A_MEMBER, message: "already a member" }] });
    await expect(clerkAddMember(env, "org_abc", "user_456", "admin")).resolves.toBeUndefined();
    expect(await sent(spy).json()).toEqual({ user_id: "user_456", role: "org:admin" });
    vi.restoreAllMocks();
    clerkAnswers(404, { errors: [{ code: "resource_not_found", message: "not found" }] });
    const refused = await clerkAddMember(env, "org_gone", "user_456", "member").catch((e: unknown) => e);
    expect((refused as ApiError).status).toBe(409);
  });

  it("revokes an invitation and adds a member with Clerk's role names", async () => {
    const spy = clerkAnswers(200, {});
    await clerkRevokeInvite(env, "org_abc", "orginv_1", "user_123");
    await clerkAddMember(env, "org_abc", "user_456", "member");
    expect(sent(spy, 0).url).toBe(`${CLERK_API}/organizations/org_abc/invitations/orginv_1/revoke`);
    expect(await sent(spy, 0).json()).toEqual({ requesting_user_id: "user_123" });
    expect(sent(spy, 1).url).toBe(`${CLERK_API}/organizations/org_abc/memberships`);
    expect(await sent(spy, 1).json()).toEqual({ user_id: "user_456", role: "org:member" });
  });

  it("turns Clerk's refusal into a 409 with its reason, and a missing secret into a 500", async () => {
    clerkAnswers(422, { errors: [{ message: "duplicate", long_message: "An invitation for this email already exists" }] });
    const refused = await clerkInvite(env, "org_abc", "dup@fabrikam.test", "member", "user_123").catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).status).toBe(409);
    expect((refused as ApiError).message).toBe("The identity provider refused: An invitation for this email already exists");
    const unset = await clerkInvite({}, "org_abc", "x@fabrikam.test", "member", "user_123").catch((e: unknown) => e);
    expect((unset as ApiError).status).toBe(500);
  });
});
