import type { LoaderFunctionArgs } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

const calls = vi.hoisted(() => ({ posts: [] as string[], refresh: 0, activated: [] as string[] }));

vi.mock(import("../../client/lib/api"), async (original) => {
  const real = await original();
  return {
    ...real,
    api: {
      ...real.api,
      post: (async (path: string, options: { params: { accountId: string; inviteId: string } }) => {
        calls.posts.push(path.replace("{accountId}", options.params.accountId).replace("{inviteId}", options.params.inviteId));
        return null;
      }) as unknown as typeof real.api.post,
    },
  };
});
vi.mock(import("../../client/auth/machine"), async (original) => ({
  ...(await original()),
  identity: () =>
    ({
      refresh: async () => {
        calls.refresh++;
      },
      setActiveAccount: async (id: string) => {
        calls.activated.push(id);
      },
    }) as unknown as ReturnType<(typeof import("../../client/auth/machine"))["identity"]>,
}));

const { routeLoader } = await import("../../client/app/router");
const { ROUTES } = await import("../../client/app/routes");
const { authStore } = await import("../../client/auth/store");
const { joinState } = await import("../../client/features/onboarding/join");

const ACCOUNT = "11111111-1111-4111-8111-111111111111";
const onboarding = ROUTES.find((r) => r.path === "/onboarding")!;
const enterOnboarding = (search: string) =>
  routeLoader(onboarding)({ request: new Request(`https://app.test/onboarding${search}`), params: {}, context: undefined } as LoaderFunctionArgs);
const settled = (code: string) => vi.waitFor(() => expect(joinState(code)?.status).not.toBe("joining"));

describe("joining by an invite link", () => {
  beforeEach(() => {
    calls.posts = [];
    calls.refresh = 0;
    calls.activated = [];
    const user = { accounts: [] } as unknown as NonNullable<ReturnType<typeof authStore.get>["user"]>;
    authStore.set({ authenticating: false, signedIn: true, user, account: null, role: null });
  });
  afterEach(() => authStore.set({ authenticating: true, signedIn: false, user: null }));

  it("is started by the onboarding route's loader, and a second run of the loader posts nothing more", async () => {
    const code = `${ACCOUNT}.22222222-2222-4222-8222-222222222222`;
    await enterOnboarding(`?invite=${code}`);
    expect(joinState(code)).toBeDefined();
    await enterOnboarding(`?invite=${code}`);
    await settled(code);
    expect(joinState(code)).toEqual({ status: "joined" });
    expect(calls.posts).toEqual([`/v1/accounts/${ACCOUNT}/invites/22222222-2222-4222-8222-222222222222/accept`]);
    expect(calls.refresh).toBe(1);
    expect(calls.activated).toEqual([ACCOUNT]);
    await enterOnboarding(`?invite=${code}`);
    expect(calls.posts).toHaveLength(1);
  });

  it("posts nothing for a malformed code, which fails once", async () => {
    await enterOnboarding("?invite=not-a-code");
    await settled("not-a-code");
    expect(joinState("not-a-code")).toMatchObject({ status: "failed" });
    expect(calls.posts).toEqual([]);
  });

  it("starts nothing without a code, or when the guard sends the visitor elsewhere", async () => {
    await enterOnboarding("");
    expect(calls.posts).toEqual([]);
    // Someone with an account, not coming from sign-in, is sent home before anything is accepted.
    const code = `${ACCOUNT}.33333333-3333-4333-8333-333333333333`;
    const user = { accounts: [{ id: ACCOUNT }] } as unknown as NonNullable<ReturnType<typeof authStore.get>["user"]>;
    authStore.set({ user });
    await expect(enterOnboarding(`?invite=${code}`)).rejects.toMatchObject({ status: 302 });
    expect(joinState(code)).toBeUndefined();
    expect(calls.posts).toEqual([]);
  });
});
