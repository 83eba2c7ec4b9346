import { Hono } from "hono";
import { v1 } from "./api";
import { requireConfiguration } from "./config";
import { verification } from "./domain/custom-hostnames";
import { devDns } from "./domain/dev-dns";
import type { AppEnv } from "./env";
import { embeddedProvider } from "./identity/provider";
import { onError } from "./http/errors";
import { retryAfterOn429 } from "./http/rate-limit";
import { deliverMailBatch } from "./mail/consumer";
import { devMail } from "./mail/dev";
import { devCron } from "./dev-cron";
import type { MailQueueMessage } from "./mail/outbox";
import { runScheduled } from "./cron";
import { withPlacementChecks } from "./d1/placement-checks";
import type { FlowMessage } from "./domain/flows";
import { FLOW_QUEUE_NAME, runFlowBatch } from "./flows/consumer";
import { answerInProcessWith } from "./ssr/loaders";
import { loginPost } from "./ssr/login-post";
import { renderPage } from "./ssr/render";
import { files } from "./storage/files";
import { requestDatabases, tenantScope } from "./tenant/scope";
import { NOT_FOUND_PATH, ROUTES } from "../client/app/routes";

/**
 * The one Worker for every tenant. Middleware order:
 * request id and error handling → D1 sessions → configuration check → tenant
 * and its shard → /v1 routers
 * → files → dev-only pages → SSR catch-all.
 */
const app = new Hono<AppEnv>();

// Development and tests: a statement on a table its database does not hold throws (worker/d1/placement-checks.ts).
app.use(async (c, next) => {
  c.env = withPlacementChecks(c.env);
  await next();
});
app.use(async (c, next) => {
  const requestId = c.req.header("cf-ray") ?? crypto.randomUUID();
  c.set("requestId", requestId);
  await next();
  c.header("X-Request-Id", requestId);
});
// Every 429 says when to try again (worker/http/rate-limit.ts).
app.use(retryAfterOn429);
// The request's D1 sessions, metered: the directory's here, the shard's with the tenant (worker/tenant/scope.ts).
app.use(requestDatabases);
app.onError(onError);
// A deployment missing a required secret or its host serves nothing (worker/config.ts).
app.use(requireConfiguration);

// The tenant, and the shard of its data as the scope's `db` (worker/tenant/scope.ts).
app.use(tenantScope);

// The embedded identity provider (absent when Clerk is configured), on trusted origins only.
app.on(["GET", "POST"], "/api/auth/*", embeddedProvider);
app.route("/v1", v1);
// The custom-domain connection test's token (worker/domain/custom-hostnames.ts).
app.route("/", verification);
app.route("/", files);
// Development only, on the product's own host (worker/config.ts requireDevHost).
app.route("/", devMail);
app.route("/", devDns);
app.route("/", devCron);
// The sign-in form posted before (or without) its script (embedded provider, main domain).
app.route("/", loginPost);
// Development-only screens (the design-system gallery) are not found anywhere else (matched as the router does: any case, a trailing slash).
const DEV_ONLY_PATHS = new Set(ROUTES.filter((r) => r.flags.devOnly).map((r) => r.path));
app.get("*", async (c, next) => {
  const path = c.req.path.toLowerCase().replace(/(.)\/$/, "$1");
  return DEV_ONLY_PATHS.has(path) && c.env.APP_ENV !== "development" ? c.redirect(NOT_FOUND_PATH) : next();
});
app.get("*", renderPage);
// A signed-in page's first reads are answered by the API itself, in-process (worker/ssr/loaders.ts).
answerInProcessWith((request, env, ctx) => app.fetch(request, env, ctx));

export default {
  fetch: app.fetch,
  // Two queues: the outbox's mail, and the steps of the flows that cross partners (worker/flows).
  queue: (batch, env) =>
    batch.queue.startsWith(FLOW_QUEUE_NAME)
      ? runFlowBatch(batch as MessageBatch<FlowMessage>, withPlacementChecks(env))
      : deliverMailBatch(batch as MessageBatch<MailQueueMessage>, withPlacementChecks(env)),
  // The cron trigger (wrangler.toml), once per shard: stale mail, reminders, plan renewals (worker/cron.ts).
  scheduled: (controller, env) => runScheduled(withPlacementChecks(env), controller.scheduledTime),
} satisfies ExportedHandler<Env>;

export { app };
