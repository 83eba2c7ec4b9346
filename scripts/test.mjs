// `npm test`: generated files current, type check, the deployable build with a
// wrangler dry run, lint, formatting, unit tests, worker tests, end-to-end tests, each
// printing its own summary; stops at the first failure and ends with one line
// that counts what ran. The five checks before the tests are independent and
// mostly single-threaded, so they run side by side (their output is printed
// whole, step by step, when each ends); the tests run one step at a time.
// The end-to-end step serves the build the dry-run step just made.
import { spawn } from "node:child_process";

const checks = [
  ["generated files current", "node", ["scripts/check-generated.mjs"]],
  ["type check", "npx", ["tsc", "-p", "tsconfig.json", "--noEmit"]],
  ["build and deploy dry run", "node", ["scripts/deploy-check.mjs"]],
  ["lint", "npx", ["eslint", ".", "--max-warnings=0"]],
  ["format", "npx", ["prettier", "--check", ".", "--log-level", "warn"]],
];
const tests = [
  ["unit tests", "npx", ["vitest", "run", "--project", "unit"]],
  ["worker tests", "npx", ["vitest", "run", "--project", "worker"]],
  ["end-to-end tests", "npx", ["playwright", "test"]],
];

const only = process.argv.slice(2);
const wanted = ([name]) => !only.length || only.some((o) => name.startsWith(o));
const env = { ...process.env, WRANGLER_SEND_METRICS: "false" };
const built = wanted(checks[2]);
let passed = 0;

function fail(name, secs, status) {
  console.log(`\n✗ ${name} failed after ${secs}s`);
  console.log(`steps: ${passed} passed, 1 failed`);
  process.exit(status ?? 1);
}

/** Runs a step; `capture` buffers its output (for steps that run side by side). */
function run([name, cmd, args], capture, extraEnv = {}) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: capture ? ["ignore", "pipe", "pipe"] : "inherit", env: { ...env, ...extraEnv } });
    const out = [];
    child.stdout?.on("data", (d) => out.push(d));
    child.stderr?.on("data", (d) => out.push(d));
    child.on("close", (status) =>
      resolve({ name, cmd, args, status, output: Buffer.concat(out).toString(), secs: ((Date.now() - started) / 1000).toFixed(1) }),
    );
  });
}

const running = checks.filter(wanted).map((step) => run(step, true));
for (const pending of running) {
  const { name, cmd, args, status, output, secs } = await pending;
  console.log(`\n━━ ${name}: ${cmd} ${args.join(" ")}`);
  process.stdout.write(output);
  if (status !== 0) fail(name, secs, status);
  console.log(`✓ ${name} (${secs}s)`);
  passed++;
}
for (const step of tests.filter(wanted)) {
  console.log(`\n━━ ${step[0]}: ${step[1]} ${step[2].join(" ")}`);
  const { name, status, secs } = await run(step, false, step[0] === "end-to-end tests" && built ? { E2E_BUILT: "1" } : {});
  if (status !== 0) fail(name, secs, status);
  console.log(`✓ ${name} (${secs}s)`);
  passed++;
}
console.log(`\nsteps: ${passed} passed, 0 failed`);
