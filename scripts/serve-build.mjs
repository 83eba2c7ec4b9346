// Builds the product and serves the production build locally (workerd through
// `vite preview`) on a fresh, seeded state folder. Used by the end-to-end
// tests and the benches: `node scripts/serve-build.mjs [port] [stateDir]`.
// The build itself is the deployable one (wrangler.toml's production vars);
// this local server runs it in development mode through the `.dev.vars` it
// writes next to the built config, which `vite preview` lays over those vars.
import { spawn } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { devVars, env, prepareLocalState, run, writeDevVars } from "./local.mjs";

const port = process.argv[2] ?? "4173";
const dir = process.argv[3] ?? ".wrangler/e2e-state";
const origin = `http://localhost:${port}`;
const VARS = "dist/techfit/.dev.vars";

const keep = process.env.SERVE_KEEP_STATE === "1";
// The embedded identity's keys are encrypted with its secret: a kept state keeps it.
const keptSecret = keep && existsSync(VARS) ? readFileSync(VARS, "utf8").match(/^BETTER_AUTH_SECRET=(.+)$/m)?.[1] : undefined;
if (!keep) {
  rmSync(dir, { recursive: true, force: true });
  prepareLocalState(dir);
}
const buildEnv = { PERSIST_DIR: dir };
// `npm test` sets E2E_BUILT when its dry-run step has just made the same build.
if (process.env.E2E_BUILT !== "1") run("npx", ["vite", "build", "--logLevel", "warn"], buildEnv);
// End-to-end tests and benches sign in far more often than a person.
writeDevVars(
  VARS,
  devVars({
    origin,
    extra: {
      AUTH_SIGNIN_LIMIT: process.env.AUTH_SIGNIN_LIMIT ?? "1000",
      ...(keptSecret ? { BETTER_AUTH_SECRET: keptSecret } : {}),
      ...(process.env.SERVE_DEFAULT_SHARD ? { DEFAULT_SHARD: process.env.SERVE_DEFAULT_SHARD } : {}),
    },
  }),
);
const server = spawn("npx", ["vite", "preview", "--port", port], {
  stdio: "inherit",
  env: { ...env, ...buildEnv, PORT: port },
});
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => server.kill(sig));
server.on("exit", (code) => process.exit(code ?? 0));
