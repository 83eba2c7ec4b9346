// `npm run dev`: write the local-only configuration (.dev.vars) when missing,
// migrate and seed the local database (first start only does work; later
// starts keep the data), then run Vite with the Worker in workerd.
import { spawn } from "node:child_process";
import { ensureDevVars, env, prepareLocalState } from "./local.mjs";

const dir = process.env.PERSIST_DIR ?? ".wrangler/state";
ensureDevVars();
prepareLocalState(dir);
const vite = spawn("npx", ["vite", ...process.argv.slice(2)], { stdio: "inherit", env: { ...env, PERSIST_DIR: dir } });
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => vite.kill(sig));
vite.on("exit", (code) => process.exit(code ?? 0));
