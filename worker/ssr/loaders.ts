import { dehydrate, QueryClient, type DehydratedState, type QueryKey } from "@tanstack/react-query";
import type { Context } from "hono";
import { accountKeys, entitlementKeys } from "../../client/features/accounts/api";
import { catalogueKeys } from "../../client/features/catalogue/api";
import { homepageKeys } from "../../client/features/homepage/api";
import { savedListKeys } from "../../client/features/my-list/query";
import { scoreKeys } from "../../client/features/scores/keys";
import type { BootIdentity } from "../../contract/boot";
import type { AppEnv } from "../env";
import { withPageMemberships } from "../identity/context";
import type { ServerIdentity } from "./identity";

/** The Worker's own fetch handler, answering a request in-process (set by worker/index.ts). */
type InProcess = (request: Request, env: AppEnv["Bindings"], ctx: Context<AppEnv>["executionCtx"]) => Response | Promise<Response>;
let inProcess: InProcess | null = null;

export function answerInProcessWith(handler: InProcess): void {
  inProcess = handler;
}

/** One query a screen starts with: the client's key (from its key factory) and the API read that fills it. */
type Seed = { key: QueryKey; path: string; infinite?: boolean };

type Account = NonNullable<BootIdentity["account"]>;

/**
 * The server loaders: for a signed-in route, the queries its first render
 * asks for, with the same keys as the client's key factories (the active
 * account's id is part of them). The page inlines their answers, so the
 * client starts with them instead of a round of requests after hydration.
 * A screen joins by adding its path here.
 */
export const SERVER_LOADERS: Record<string, (account: Account) => Seed[]> = {
  "/": (account) => [
    { key: savedListKeys.list(account.id), path: "/admin/saved-items" },
    { key: accountKeys.one(account.id), path: `/accounts/${account.id}` },
    { key: homepageKeys.view(account.id), path: "/homepage" },
    ...(account.type === "customer"
      ? [
          { key: scoreKeys.summary(account.id), path: "/scores/summary" },
          { key: entitlementKeys.mine(account.id), path: "/entitlements" },
          { key: catalogueKeys.list(account.id, {}), path: "/workouts?limit=24", infinite: true },
        ]
      : []),
  ],
};

/**
 * Runs the route's server loader: each read goes through the Worker's own API
 * handler in-process, with the visitor's token and active account, so the
 * answer is the API's (the same checks, the same DTO). The reads share the
 * page's D1 session and are counted in its Server-Timing; the membership the
 * page read serves their membership checks. A read that fails
 * is left out (the client asks for it itself). Null when the route has none.
 */
export async function loadRouteData(
  c: Context<AppEnv>,
  path: string,
  identity: BootIdentity,
  read: ServerIdentity["memberships"],
): Promise<DehydratedState | null> {
  const loader = SERVER_LOADERS[path];
  if (!loader || !identity.account || !inProcess) return null;
  const handler = inProcess;
  const seeds = loader(identity.account);
  const client = new QueryClient();
  const origin = new URL(c.req.url).origin;
  // The memberships the page read a moment ago stand for each read's own membership check.
  const all = () =>
    Promise.all(
      seeds.map(async (seed) => {
        const res = await handler(
          new Request(new URL(`/v1${seed.path}`, origin), {
            headers: { Accept: "application/json", Authorization: `Bearer ${identity.token}`, "X-Account-Id": identity.account!.id },
          }),
          c.env,
          c.executionCtx,
        );
        if (!res.ok) return;
        const data: unknown = await res.json();
        client.setQueryData(seed.key, seed.infinite ? { pages: [data], pageParams: [null] } : data);
      }),
    );
  await (read ? withPageMemberships(read.userId, read.byAccount, all) : all());
  const state = dehydrate(client);
  return state.queries.length > 0 ? state : null;
}
