import type { Context, MiddlewareHandler } from "hono";
import type { AppEnv } from "./env";
import { ApiError, notFound } from "./http/errors";
import { hostOf, isMainHost } from "./tenant/resolve";

/**
 * The Worker's configuration, checked before any request is served.
 *
 * wrangler.toml's top level is production; local development gets
 * `APP_ENV = "development"` and its own values from `.dev.vars` (written by
 * scripts/local.mjs when missing, never committed). A deployment that lacks a
 * required secret or still carries the placeholder host refuses every request
 * with a 500 and one clear log line, instead of falling back to something
 * built in.
 */
export type ConfigEnv = {
  APP_ENV?: string;
  MAIN_HOST?: string;
  MAIN_ORIGIN?: string;
  BETTER_AUTH_SECRET?: string;
  ASSESSMENT_LINK_SECRET?: string;
  CLERK_PUBLISHABLE_KEY?: string;
  CLERK_SECRET_KEY?: string;
  CLERK_JWT_KEY?: string;
};

/** The placeholder top-level wrangler.toml carries until the deployment names its host. */
export const PLACEHOLDER_SUFFIX = ".invalid";

const CLERK_KEYS = ["CLERK_PUBLISHABLE_KEY", "CLERK_SECRET_KEY", "CLERK_JWT_KEY"] as const;

/** Only an explicit "development" turns on the dev-only behaviour; anything else is production. */
export function isDevelopment(env: { APP_ENV?: string }): boolean {
  return env.APP_ENV === "development";
}

/** Clerk is chosen as soon as any of its keys is set; then all of them are required. */
export function clerkChosen(env: ConfigEnv): boolean {
  return CLERK_KEYS.some((k) => Boolean(env[k]));
}

/** What is wrong with this configuration, one sentence each; empty when it may serve. */
export function configProblems(env: ConfigEnv): string[] {
  const problems: string[] = [];
  if (clerkChosen(env)) {
    const missing = CLERK_KEYS.filter((k) => !env[k]);
    if (missing.length) problems.push(`${missing.join(", ")} not set: Clerk is chosen (a CLERK_* key is set) and needs all of ${CLERK_KEYS.join(", ")}`);
    // Assessment links are signed with ASSESSMENT_LINK_SECRET, else the embedded provider's secret.
    if (!env.ASSESSMENT_LINK_SECRET && !env.BETTER_AUTH_SECRET)
      problems.push("ASSESSMENT_LINK_SECRET is not set: assessment links need a key to be signed with (wrangler secret put ASSESSMENT_LINK_SECRET)");
  } else if (!env.BETTER_AUTH_SECRET) {
    problems.push("BETTER_AUTH_SECRET is not set: the embedded identity provider needs it (wrangler secret put BETTER_AUTH_SECRET)");
  } else if (env.BETTER_AUTH_SECRET.length < 32) {
    problems.push("BETTER_AUTH_SECRET is shorter than 32 characters");
  }
  const mainHost = (env.MAIN_HOST ?? "").trim().toLowerCase();
  if (!mainHost || mainHost.endsWith(PLACEHOLDER_SUFFIX)) {
    problems.push(`MAIN_HOST is ${mainHost ? `the placeholder "${mainHost}"` : "not set"}: set it to the product's own host`);
  }
  let origin: URL | null = null;
  try {
    origin = new URL(env.MAIN_ORIGIN ?? "");
  } catch {
    problems.push("MAIN_ORIGIN is not a URL: set it to the product's own origin, e.g. https://app.example.com");
  }
  if (origin && !isDevelopment(env)) {
    if (origin.protocol !== "https:") problems.push("MAIN_ORIGIN must be https outside development");
    if (mainHost && !isMainHost(origin.hostname, mainHost)) problems.push(`MAIN_ORIGIN's host ${origin.hostname} is not MAIN_HOST (${mainHost}) or below it`);
  }
  return problems;
}

const checked = new WeakMap<object, string[]>();

/**
 * First middleware: a configuration with problems serves nothing (500, the
 * usual envelope with nothing internal in it) and says why in the log, on
 * every request so that it shows in any log tail.
 */
export const requireConfiguration: MiddlewareHandler<AppEnv> = async (c, next) => {
  let problems = checked.get(c.env);
  if (!problems) {
    problems = configProblems(c.env);
    checked.set(c.env, problems);
  }
  if (problems.length) {
    console.error(`configuration error, refusing to serve: ${problems.join("; ")}`);
    throw new ApiError("internal", "The service is not configured");
  }
  await next();
};

const LOOPBACK = new Set(["127.0.0.1", "[::1]"]);

/**
 * The dev-only pages (the dev mailbox, the DNS stand-in) exist only when
 * APP_ENV is "development", and even then only on the product's own host
 * (MAIN_HOST or below it) or a loopback address, never on a partner's
 * domain. Everywhere else they answer 404 like any unknown path.
 */
export function requireDevHost(c: Context<AppEnv>): void {
  if (!isDevelopment(c.env)) throw notFound();
  const host = hostOf(c.req.header("Host") ?? new URL(c.req.url).host);
  if (!isMainHost(host, c.env.MAIN_HOST) && !LOOPBACK.has(host)) throw notFound();
}
