// Builds the product and serves the production build locally (workerd through
// `vite preview`) on a fresh, seeded state folder. Used by the end-to-end
// tests and the benches: `node scripts/serve-build.mjs [port] [stateDir]`.
import { spawn } from "node:child_process";
import { rmSync } from "node:fs";
import { env, prepareLocalState, run } from "./local.mjs";

const port = process.argv[2] ?? "4173";
const dir = process.argv[3] ?? ".wrangler/e2e-state";
const origin = `http://localhost:${port}`;

rmSync(dir, { recursive: true, force: true });
prepareLocalState(dir);
const buildEnv = { MAIN_ORIGIN: origin, PERSIST_DIR: dir, AUTH_SIGNIN_LIMIT: process.env.AUTH_SIGNIN_LIMIT ?? "1000" };
run("npx", ["vite", "build", "--logLevel", "warn"], buildEnv);
const server = spawn("npx", ["vite", "preview", "--port", port], {
  stdio: "inherit",
  env: { ...env, ...buildEnv, PORT: port },
});
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => server.kill(sig));
server.on("exit", (code) => process.exit(code ?? 0));
