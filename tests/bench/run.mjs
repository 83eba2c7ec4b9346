// `npm run bench`: builds the product, serves the production build on its own
// port and state folder, and prints in one run the throughput and latency of
// each scenario below, the ratios between them against their targets, and the
// gzip size of the JavaScript /login loads before it is interactive.
// BENCH_SECONDS overrides the measuring time per scenario (default 10).
//
// To add a scenario, append to `scenarios` (and, if it has a target, to
// `ratios`); the machinery is in ./lib.mjs.
import assert from "node:assert/strict";
import { runBench } from "./lib.mjs";

const PORT = 4300;
const STATE_DIR = ".wrangler/bench-state";
const PARTNER_HOST = `learn.northwind.test:${PORT}`;
const MAIN_HOST = `localhost:${PORT}`;

/** @type {{ name: string, request: { method?: string, path: string, headers?: Record<string, string>, body?: unknown }, verify?: (res: { status: number, headers: object, body: string, json: () => any }) => Promise<void> }[]} */
const scenarios = [
  {
    name: "shell /login (partner host)",
    request: { method: "GET", path: "/login", headers: { Host: PARTNER_HOST } },
    verify: async (res) => {
      assert.equal(res.status, 200);
      assert.match(res.body, /<title>Northwind Learn<\/title>/, "the partner's branded shell");
    },
  },
  {
    name: "GET /v1/styles?origin=partner",
    request: {
      method: "GET",
      path: `/v1/styles?origin=${encodeURIComponent("https://learn.northwind.test")}`,
      headers: { Host: MAIN_HOST },
    },
    verify: async (res) => {
      assert.equal(res.status, 200);
      assert.match(String(res.headers["content-type"]), /application\/json/);
      assert.equal(res.json().platformName, "Northwind Learn");
    },
  },
  {
    name: "GET /v1/health",
    request: { method: "GET", path: "/v1/health", headers: { Host: MAIN_HOST } },
    verify: async (res) => {
      assert.equal(res.status, 200);
      assert.deepEqual(res.json(), { ok: true });
    },
  },
];

const ratios = [
  { label: "shell / health", numerator: scenarios[0].name, denominator: scenarios[2].name, target: 0.5 },
  { label: "styles / health", numerator: scenarios[1].name, denominator: scenarios[2].name, target: 0.6 },
];

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
if (!Number.isFinite(seconds) || seconds <= 0) {
  console.error(`BENCH_SECONDS must be a positive number of seconds (got "${process.env.BENCH_SECONDS}")`);
  process.exit(2);
}

process.exitCode = await runBench({
  port: PORT,
  stateDir: STATE_DIR,
  scenarios,
  ratios,
  seconds,
  warmupSeconds: 2,
  connections: 50,
  js: { path: "/login", readySelector: '[data-testid="platform-name"]', budget: 150 * 1024 },
});
// Leave no handle (autocannon, child pipes) keeping the process alive.
process.exit(process.exitCode);
