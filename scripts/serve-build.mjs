// Builds the product and serves the production build locally (workerd through
// `vite preview`) on a fresh, seeded state folder. Used by the end-to-end
// tests and the benches: `node scripts/serve-build.mjs [port] [stateDir]`.
// The build itself is the deployable one (wrangler.toml's production vars);
// this local server runs it in development mode through the `.dev.vars` it
// writes next to the built config, which `vite preview` lays over those vars.
import { spawn } from "node:child_process";
import { rmSync } from "node:fs";
import { devVars, env, prepareLocalState, run, writeDevVars } from "./local.mjs";

const port = process.argv[2] ?? "4173";
const dir = process.argv[3] ?? ".wrangler/e2e-state";
const origin = `http://localhost:${port}`;
const VARS = "dist/techfit/.dev.vars";

rmSync(dir, { recursive: true, force: true });
prepareLocalState(dir);
const buildEnv = { PERSIST_DIR: dir };
// `npm test` sets E2E_BUILT when its dry-run step has just made the same build.
if (process.env.E2E_BUILT !== "1") run("npx", ["vite", "build", "--logLevel", "warn"], buildEnv);
// End-to-end tests and benches sign in far more often than a person.
writeDevVars(
  VARS,
  devVars({
    origin,
    extra: { AUTH_SIGNIN_LIMIT: process.env.AUTH_SIGNIN_LIMIT ?? "1000" },
  }),
);
const server = spawn("npx", ["vite", "preview", "--port", port], {
  stdio: "inherit",
  env: { ...env, ...buildEnv, PORT: port },
});
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => server.kill(sig));
server.on("exit", (code) => process.exit(code ?? 0));
