// `npm test`: generated files current, type check, the deployable build with a wrangler dry run, lint,
// unit tests, worker tests, end-to-end tests, in that order, each printing its
// own summary; stops at the first failure and ends with one line that counts
// what ran.
import { spawnSync } from "node:child_process";

const steps = [
  ["generated files current", "node", ["scripts/check-generated.mjs"]],
  ["type check", "npx", ["tsc", "-p", "tsconfig.json", "--noEmit"]],
  ["build and deploy dry run", "node", ["scripts/deploy-check.mjs"]],
  ["lint", "npx", ["eslint", ".", "--max-warnings=0"]],
  ["unit tests", "npx", ["vitest", "run", "--project", "unit"]],
  ["worker tests", "npx", ["vitest", "run", "--project", "worker"]],
  ["end-to-end tests", "npx", ["playwright", "test"]],
];

const only = process.argv.slice(2);
const env = { ...process.env, WRANGLER_SEND_METRICS: "false" };
let passed = 0;
for (const [name, cmd, args] of steps) {
  if (only.length && !only.some((o) => name.startsWith(o))) continue;
  console.log(`\n━━ ${name}: ${cmd} ${args.join(" ")}`);
  const started = Date.now();
  const res = spawnSync(cmd, args, { stdio: "inherit", env });
  const secs = ((Date.now() - started) / 1000).toFixed(1);
  if (res.status !== 0) {
    console.log(`\n✗ ${name} failed after ${secs}s`);
    console.log(`steps: ${passed} passed, 1 failed`);
    process.exit(res.status ?? 1);
  }
  console.log(`✓ ${name} (${secs}s)`);
  passed++;
}
console.log(`\nsteps: ${passed} passed, 0 failed`);
