import { Hono } from "hono";
import { v1 } from "./api";
import { requireConfiguration } from "./config";
import { database } from "./db";
import { verification } from "./domain/custom-hostnames";
import { devDns } from "./domain/dev-dns";
import type { AppEnv } from "./env";
import { embeddedProvider } from "./identity/provider";
import { onError } from "./http/errors";
import { deliverMailBatch } from "./mail/consumer";
import { devMail } from "./mail/dev";
import { requeueStale, type MailQueueMessage } from "./mail/outbox";
import { renderPage } from "./ssr/render";
import { files } from "./storage/files";
import { hostOf, resolveTenant } from "./tenant/resolve";

/**
 * The one Worker for every tenant. Middleware order (DESIGN.md §1):
 * request id and error handling → configuration check → tenant → /v1 routers
 * → files → dev-only pages → SSR catch-all.
 */
const app = new Hono<AppEnv>();

app.use(async (c, next) => {
  const requestId = c.req.header("cf-ray") ?? crypto.randomUUID();
  c.set("requestId", requestId);
  c.set("db", database(c.env.DB));
  await next();
  c.header("X-Request-Id", requestId);
});
app.onError(onError);
// A deployment missing a required secret or its host serves nothing (worker/config.ts).
app.use(requireConfiguration);

app.use(async (c, next) => {
  const host = hostOf(c.req.header("Host") ?? new URL(c.req.url).host);
  c.set("tenant", await resolveTenant(c.get("db"), host, c.env.MAIN_HOST));
  await next();
});

// The embedded identity provider (absent when Clerk is configured), on trusted origins only.
app.on(["GET", "POST"], "/api/auth/*", embeddedProvider);
app.route("/v1", v1);
// The custom-domain connection test's token (worker/domain/custom-hostnames.ts).
app.route("/", verification);
app.route("/", files);
// Development only, on the product's own host (worker/config.ts requireDevHost).
app.route("/", devMail);
app.route("/", devDns);
app.get("*", renderPage);

export default {
  fetch: app.fetch,
  queue: (batch, env) => deliverMailBatch(batch as MessageBatch<MailQueueMessage>, env),
  // The cron trigger (wrangler.toml): outbox rows whose queue message was lost are sent again.
  scheduled: async (_controller, env) => {
    await requeueStale(database(env.DB), env);
  },
} satisfies ExportedHandler<Env>;

export { app };
