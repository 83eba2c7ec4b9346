import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { configProblems } from "../../worker/config";
import { present } from "../present";

/** The `[vars]` table of wrangler.toml (plain `KEY = "value"` lines). */
function topLevelVars(): Record<string, string> {
  const toml = readFileSync("wrangler.toml", "utf8");
  const [section = ""] = toml.slice(toml.indexOf("\n[vars]\n") + 1).split(/\n\[/);
  return Object.fromEntries(
    [...section.matchAll(/^([A-Z0-9_]+)\s*=\s*"([^"]*)"/gm)].flatMap(([, key, value]) => (key && value !== undefined ? [[key, value]] : [])),
  );
}

const SECRET = "s".repeat(32);
const deployed = { APP_ENV: "production", MAIN_HOST: "app.techfit.example", MAIN_ORIGIN: "https://app.techfit.example", BETTER_AUTH_SECRET: SECRET };

describe("wrangler.toml", () => {
  it("is production at the top level, with a placeholder host a deployment must replace", () => {
    const vars = topLevelVars();
    expect(vars.APP_ENV).toBe("production");
    expect(vars.MAIN_HOST).toMatch(/\.invalid$/);
    expect(new URL(present(vars.MAIN_ORIGIN, "MAIN_ORIGIN")).protocol).toBe("https:");
  });

  it("as it stands refuses to serve: no secret, placeholder host", () => {
    const problems = configProblems(topLevelVars()).join("\n");
    expect(problems).toContain("BETTER_AUTH_SECRET is not set");
    expect(problems).toContain('MAIN_HOST is the placeholder "main-host.invalid"');
  });

  it("README's deploy section names every var and secret", () => {
    const readme = readFileSync("README.md", "utf8");
    const deploy = readme.slice(readme.indexOf("## Deploying with wrangler"));
    for (const name of [
      ...Object.keys(topLevelVars()),
      "BETTER_AUTH_SECRET",
      "TELEMETRY_DATASET",
      "MAIL_API_URL",
      "MAIL_API_KEY",
      "MAIL_FROM",
      "CF_ZONE_ID",
      "CF_API_TOKEN",
      "CF_CNAME_TARGET",
      "CLERK_PUBLISHABLE_KEY",
      "CLERK_SECRET_KEY",
      "CLERK_JWT_KEY",
      "DNS_RESOLVER_URL",
    ]) {
      expect(deploy, name).toContain(`\`${name}\``);
    }
  });
});

describe("configProblems", () => {
  it("accepts a complete deployment", () => {
    expect(configProblems(deployed)).toEqual([]);
  });

  it("accepts local development on http://localhost with a secret", () => {
    expect(configProblems({ APP_ENV: "development", MAIN_HOST: "localhost", MAIN_ORIGIN: "http://localhost:5173", BETTER_AUTH_SECRET: SECRET })).toEqual([]);
  });

  it("refuses the embedded provider without a secret, or with a short one, in every environment", () => {
    expect(configProblems({ ...deployed, BETTER_AUTH_SECRET: undefined })).toEqual([expect.stringContaining("BETTER_AUTH_SECRET is not set")]);
    expect(configProblems({ ...deployed, APP_ENV: "development", BETTER_AUTH_SECRET: undefined })).toEqual([
      expect.stringContaining("BETTER_AUTH_SECRET is not set"),
    ]);
    expect(configProblems({ ...deployed, BETTER_AUTH_SECRET: "short" })).toEqual([expect.stringContaining("shorter than 32")]);
  });

  it("refuses a partial Clerk configuration instead of falling back to the embedded provider", () => {
    const problems = configProblems({ ...deployed, CLERK_PUBLISHABLE_KEY: "pk_live_x", CLERK_JWT_KEY: "-----BEGIN PUBLIC KEY-----" });
    expect(problems).toEqual([expect.stringContaining("CLERK_SECRET_KEY not set")]);
    const clerk = {
      ...deployed,
      BETTER_AUTH_SECRET: undefined,
      CLERK_PUBLISHABLE_KEY: "pk",
      CLERK_SECRET_KEY: "sk",
      CLERK_JWT_KEY: "jwk",
      ASSESSMENT_LINK_SECRET: SECRET,
    };
    expect(configProblems(clerk)).toEqual([]);
  });

  it("refuses Clerk without a key to sign assessment links with", () => {
    const clerk = { ...deployed, BETTER_AUTH_SECRET: undefined, CLERK_PUBLISHABLE_KEY: "pk", CLERK_SECRET_KEY: "sk", CLERK_JWT_KEY: "jwk" };
    expect(configProblems(clerk)).toEqual([expect.stringContaining("ASSESSMENT_LINK_SECRET is not set")]);
  });

  it("refuses a deployment without its own https origin under MAIN_HOST", () => {
    expect(configProblems({ ...deployed, MAIN_HOST: "" })).toEqual([expect.stringContaining("MAIN_HOST is not set")]);
    expect(configProblems({ ...deployed, MAIN_ORIGIN: "http://app.techfit.example" })).toEqual(["MAIN_ORIGIN must be https outside development"]);
    expect(configProblems({ ...deployed, MAIN_ORIGIN: "https://elsewhere.example" })).toEqual([expect.stringContaining("is not MAIN_HOST")]);
    expect(configProblems({ ...deployed, MAIN_ORIGIN: "not a url" })).toEqual([expect.stringContaining("MAIN_ORIGIN is not a URL")]);
    // Anything but an explicit "development" is held to the production rules.
    expect(configProblems({ ...deployed, APP_ENV: undefined, MAIN_ORIGIN: "http://app.techfit.example" })).toHaveLength(1);
  });
});
