import { Hono } from "hono";
import { v1 } from "./api";
import { getCookie, setCookie } from "hono/cookie";
import { requireConfiguration } from "./config";
import { d1Session, database } from "./db";
import { BOOKMARK_COOKIE, BOOKMARK_HEADER, isAuthPath, meteredD1, newMeter, serverTiming, showsTimings, withRequestD1, type TimingEnv } from "./d1/metered";
import { verification } from "./domain/custom-hostnames";
import { devDns } from "./domain/dev-dns";
import type { AppEnv } from "./env";
import { embeddedProvider } from "./identity/provider";
import { onError } from "./http/errors";
import { deliverMailBatch } from "./mail/consumer";
import { devMail } from "./mail/dev";
import { requeueStale, type MailQueueMessage } from "./mail/outbox";
import { renewPlans } from "./data/plan-renewals";
import { sendReminders } from "./data/reminders";
import { removeUnconfirmedUsers } from "./data/auth-links";
import { answerInProcessWith } from "./ssr/loaders";
import { loginPost } from "./ssr/login-post";
import { renderPage } from "./ssr/render";
import { files } from "./storage/files";
import { hostOf, resolveTenant } from "./tenant/resolve";
import { secureCookies } from "./tenant/origins";
import { NOT_FOUND_PATH, ROUTES } from "../client/app/routes";

/**
 * The one Worker for every tenant. Middleware order:
 * request id and error handling → configuration check → tenant → /v1 routers
 * → files → dev-only pages → SSR catch-all.
 */
const app = new Hono<AppEnv>();

app.use(async (c, next) => {
  const requestId = c.req.header("cf-ray") ?? crypto.randomUUID();
  c.set("requestId", requestId);
  // This request's D1: a (read-replica) session of the binding, metered, used by every path (worker/d1/metered.ts).
  const meter = newMeter();
  const bookmark = c.req.header(BOOKMARK_HEADER) ?? getCookie(c, BOOKMARK_COOKIE);
  const d1 = meteredD1(d1Session(c.env.DB, c.req.method, bookmark), meter);
  c.env = { ...c.env, DB: d1 };
  c.set("meter", meter);
  c.set("db", database(d1));
  await withRequestD1(d1, next);
  c.header("X-Request-Id", requestId);
  // The D1 figures only where they tell nothing about who is registered (worker/d1/metered.ts showsTimings).
  const auth = isAuthPath(c.req.method, c.req.path);
  const timings = showsTimings(c.env as TimingEnv, { method: c.req.method, path: c.req.path, signedIn: Boolean(c.get("caller")) });
  if (timings) c.header("Server-Timing", serverTiming(meter));
  const after = d1.bookmark();
  if (after) {
    if (timings) c.header(BOOKMARK_HEADER, after);
    // Kept as a cookie only when the request succeeded: a refused one wrote nothing to read back. On the
    // provider's paths, whether this request wrote is not told: the cookie comes with every success.
    if ((auth || after !== bookmark) && c.res.status < 400)
      setCookie(c, BOOKMARK_COOKIE, after, { path: "/", httpOnly: true, sameSite: "Lax", secure: secureCookies(c.env), maxAge: 3600 });
  }
});
app.onError(onError);
// A deployment missing a required secret or its host serves nothing (worker/config.ts).
app.use(requireConfiguration);

app.use(async (c, next) => {
  const host = hostOf(c.req.header("Host") ?? new URL(c.req.url).host);
  c.set("tenant", await resolveTenant(c.get("db"), host, c.env.MAIN_HOST, (hit) => (c.get("meter").tenant = hit ? "hit" : "miss")));
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
  queue: (batch, env) => deliverMailBatch(batch as MessageBatch<MailQueueMessage>, env),
  // The cron trigger (wrangler.toml): outbox rows whose queue message was lost are sent again,
  // then the reminders now due are written once each (worker/data/reminders.ts), then plans
  // renew and their credits refresh, once per plan and period (worker/data/plan-renewals.ts), and users
  // who never confirmed their address are removed (worker/data/auth-links.ts).
  scheduled: async (controller, env) => {
    const db = database(env.DB);
    await requeueStale(db, env);
    await sendReminders(env.DB, db, env);
    await renewPlans(db, new Date(controller.scheduledTime));
    await removeUnconfirmedUsers(db);
  },
} satisfies ExportedHandler<Env>;

export { app };
