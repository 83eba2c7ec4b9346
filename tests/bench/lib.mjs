// Generic machinery for the benches (`npm run bench`): start and stop the
// production build, verify a scenario answers what it should, load it with
// autocannon, print the results and ratios, and measure the JavaScript a page
// loads before it is interactive. The scenarios themselves live in run.mjs.
//
// A scenario: { name, request: { method, path, headers, body }, verify?: async (res) => void }
//   `res` is { status, headers, body (string), json() } from one plain request;
//   verify throws when the answer is not the one the bench means to measure.
// A ratio:    { label, numerator, denominator, target }
//   numerator and denominator are scenario names; the ratio of their average
//   requests per second must be at least `target`.
import autocannon from "autocannon";
import { spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import http from "node:http";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Thrown for anything that makes the bench's figures meaningless (exit code 1). */
export class BenchError extends Error {}

// ---------------------------------------------------------------- server ---

/**
 * Spawns `node scripts/serve-build.mjs <port> <stateDir>` in its own process
 * group, waits for `healthUrl` to answer 200 and returns `{ stop }`. The group
 * is killed by `stop()`, and also when this process exits or is interrupted.
 */
export async function startServer({ port, stateDir, healthUrl, timeoutMs = 240_000 }) {
  if ((await probe(healthUrl)) !== null) {
    throw new BenchError(`something already answers on ${healthUrl}; stop it first (the bench needs its own server)`);
  }
  const log = [];
  const keep = (chunk) => {
    for (const line of String(chunk).split("\n")) if (line.trim()) log.push(line);
    if (log.length > 200) log.splice(0, log.length - 200);
  };
  console.log(`· building and serving the production build on port ${port} (state: ${stateDir}) …`);
  const child = spawn(process.execPath, ["scripts/serve-build.mjs", String(port), stateDir], {
    detached: true, // its own process group: vite preview and workerd go down with it
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, CI: process.env.CI ?? "true" },
  });
  child.stdout.on("data", keep);
  child.stderr.on("data", keep);
  let exited = null;
  const exitedPromise = new Promise((resolve) =>
    child.on("exit", (code, signal) => {
      exited = { code, signal };
      resolve();
    }),
  );

  const killGroup = (signal) => {
    try {
      process.kill(-child.pid, signal);
    } catch {
      // already gone
    }
  };
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    killGroup("SIGTERM");
    await Promise.race([exitedPromise, sleep(5_000)]);
    await sleep(300);
    killGroup("SIGKILL"); // whatever of the group is still there
  };
  // Last resort: synchronous kill when the process ends in any other way.
  process.on("exit", () => {
    if (!stopped) killGroup("SIGKILL");
  });
  for (const sig of ["SIGINT", "SIGTERM", "SIGHUP"]) {
    process.once(sig, () => {
      console.error(`\n${sig}: stopping the server …`);
      stop().finally(() => process.exit(130));
    });
  }

  const started = Date.now();
  const dump = () => `--- last server output ---\n${log.slice(-40).join("\n")}\n---`;
  while (true) {
    if (exited) {
      await stop();
      throw new BenchError(`the server exited before answering (${exited.code ?? exited.signal})\n${dump()}`);
    }
    if ((await probe(healthUrl)) === 200) break;
    if (Date.now() - started > timeoutMs) {
      await stop();
      throw new BenchError(`${healthUrl} did not answer 200 within ${Math.round(timeoutMs / 1000)} s\n${dump()}`);
    }
    await sleep(500);
  }
  console.log(`· server up after ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return { stop };
}

/** The status code of a GET, or null when nothing answers. */
async function probe(url) {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(2_000) });
    await res.arrayBuffer();
    return res.status;
  } catch {
    return null;
  }
}

// -------------------------------------------------------------- requests ---

/**
 * One plain HTTP/1.1 request as autocannon will send it (node:http lets the
 * Host header through unchanged, unlike fetch). Resolves to
 * { status, headers, body, json() }.
 */
export function sendOnce(baseUrl, { method = "GET", path, headers = {}, body }) {
  const url = new URL(path, baseUrl);
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers: { ...headers }, timeout: 30_000 }, (res) => {
      const chunks = [];
      res.on("data", (c) => chunks.push(c));
      res.on("end", () => {
        const text = Buffer.concat(chunks).toString("utf8");
        resolve({
          status: res.statusCode,
          headers: res.headers,
          body: text,
          json: () => JSON.parse(text),
        });
      });
      res.on("error", reject);
    });
    req.on("timeout", () => req.destroy(new Error(`timeout: ${method} ${url}`)));
    req.on("error", reject);
    if (body !== undefined) req.write(typeof body === "string" ? body : JSON.stringify(body));
    req.end();
  });
}

/** Sends the scenario's request once and runs its `verify` (a 2xx status is always required). */
export async function verifyScenario(baseUrl, scenario) {
  const res = await sendOnce(baseUrl, scenario.request);
  try {
    if (res.status < 200 || res.status > 299) throw new Error(`status ${res.status}, expected 2xx`);
    if (scenario.verify) await scenario.verify(res);
  } catch (err) {
    throw new BenchError(
      `scenario "${scenario.name}" does not answer what it should: ${err.message}\n` +
        `  ${scenario.request.method ?? "GET"} ${scenario.request.path} → ${res.status}\n` +
        `  body: ${res.body.slice(0, 300).replace(/\s+/g, " ")}`,
    );
  }
}

// ------------------------------------------------------------ autocannon ---

/** Loads one scenario with autocannon; resolves to the figures the table prints. */
export async function load(baseUrl, scenario, { seconds, connections }) {
  const { method = "GET", path, headers = {}, body } = scenario.request;
  const result = await autocannon({
    url: new URL(path, baseUrl).toString(),
    method,
    headers,
    body: body === undefined || typeof body === "string" ? body : JSON.stringify(body),
    connections,
    duration: seconds,
  });
  return {
    name: scenario.name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes: Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([k, v]) => [k, v.count])),
  };
}

/** Problems in one run's figures: non-2xx answers, socket errors, timeouts, no answers at all. */
export function problemsOf(r) {
  const problems = [];
  if (r.non2xx > 0) problems.push(`${r.non2xx} non-2xx responses (status codes: ${JSON.stringify(r.statusCodes)})`);
  if (r.errors > 0) problems.push(`${r.errors} errors`);
  if (r.timeouts > 0) problems.push(`${r.timeouts} timeouts`);
  if (r.total === 0) problems.push("no responses at all");
  return problems.map((p) => `${r.name}: ${p}`);
}

// -------------------------------------------------------------- printing ---

export function printTable(headers, rows, align = []) {
  const cells = rows.map((row) => row.map(String));
  const widths = headers.map((h, i) => Math.max(h.length, ...cells.map((r) => r[i].length)));
  const fmt = (row) =>
    row
      .map((c, i) => (align[i] === "right" ? c.padStart(widths[i]) : c.padEnd(widths[i])))
      .join("  ")
      .trimEnd();
  console.log(fmt(headers));
  console.log(widths.map((w) => "-".repeat(w)).join("  "));
  for (const row of cells) console.log(fmt(row));
}

const ms = (v) => (typeof v === "number" ? v.toFixed(v < 10 ? 2 : 1) : "?");

export function printResults(results) {
  printTable(
    ["scenario", "req/s (avg)", "p50 ms", "p99 ms", "requests", "non-2xx"],
    results.map((r) => [r.name, r.rps.toFixed(1), ms(r.p50), ms(r.p99), r.total, r.non2xx + (r.errors ? ` (+${r.errors} err)` : "")]),
    ["left", "right", "right", "right", "right", "right"],
  );
}

/** Prints each ratio against its target; returns [{ label, value, target, pass }]. */
export function printRatios(results, ratios) {
  const byName = new Map(results.map((r) => [r.name, r]));
  const rows = ratios.map(({ label, numerator, denominator, target }) => {
    const n = byName.get(numerator);
    const d = byName.get(denominator);
    if (!n || !d) throw new BenchError(`ratio "${label}" names an unknown scenario (${!n ? numerator : denominator})`);
    const value = d.rps > 0 ? n.rps / d.rps : 0;
    return { label, value, target, pass: value >= target };
  });
  printTable(
    ["ratio (req/s)", "value", "target", "result"],
    rows.map((r) => [r.label, r.value.toFixed(3), `≥ ${r.target}`, r.pass ? "PASS" : `MISS (${(((r.target - r.value) / r.target) * 100).toFixed(0)}% short)`]),
    ["left", "right", "right", "left"],
  );
  return rows;
}

// ------------------------------------------------------------- JS weight ---

/**
 * Opens `url` in Debian's Chromium, waits for `readySelector` to be visible and
 * for the network to be idle, and gzips (level 9) every same-origin script
 * response. Resolves to { files: [{ path, raw, gzip }], total }.
 */
export async function measureScripts({ url, readySelector, executablePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium" }) {
  const { chromium } = await import("playwright-core");
  const browser = await chromium.launch({
    executablePath,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--host-resolver-rules=MAP *.test 127.0.0.1",
    ],
  });
  try {
    const page = await browser.newPage();
    const origin = new URL(url).origin;
    const pending = new Map(); // url → Promise<Buffer | null>
    page.on("response", (res) => {
      if (res.request().resourceType() !== "script") return;
      if (new URL(res.url()).origin !== origin || pending.has(res.url())) return;
      pending.set(res.url(), res.status() >= 200 && res.status() < 300 ? res.body().catch(() => null) : Promise.resolve(null));
    });
    const pageErrors = [];
    page.on("pageerror", (e) => pageErrors.push(e.message));
    const nav = await page.goto(url, { waitUntil: "load" });
    if (!nav || !nav.ok()) throw new BenchError(`${url} answered ${nav?.status()} in the browser`);
    try {
      await page.locator(readySelector).first().waitFor({ state: "visible", timeout: 20_000 });
    } catch {
      throw new BenchError(`${readySelector} never became visible on ${url}${pageErrors.length ? `; page errors: ${pageErrors.join("; ")}` : ""}`);
    }
    await page.waitForLoadState("networkidle");
    const files = [];
    for (const [scriptUrl, bodyPromise] of pending) {
      const body = await bodyPromise;
      if (!body) throw new BenchError(`no body for script ${scriptUrl}`);
      files.push({ path: new URL(scriptUrl).pathname, raw: body.length, gzip: gzipSync(body, { level: 9 }).length });
    }
    if (files.length === 0) throw new BenchError(`${url} loaded no same-origin script`);
    return { files, total: files.reduce((s, f) => s + f.gzip, 0) };
  } finally {
    await browser.close();
  }
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

/** Prints each script with its sizes and the total against `budget` bytes; returns whether it fits. */
export function printScripts({ files, total }, budget) {
  const sorted = [...files].sort((a, b) => b.gzip - a.gzip);
  printTable(
    ["script", "raw", "gzip -9"],
    [...sorted.map((f) => [f.path, kb(f.raw), kb(f.gzip)]), ["total", kb(files.reduce((s, f) => s + f.raw, 0)), kb(total)]],
    ["left", "right", "right"],
  );
  const pass = total <= budget;
  console.log(
    `JS before interactive: ${kb(total)} gzip (${total} B) vs budget ${kb(budget)} (${budget} B): ` +
      (pass ? `PASS (${kb(budget - total)} to spare)` : `MISS (${kb(total - budget)} over)`),
  );
  return pass;
}

/**
 * The gzip size (level 9) of every script of the client build in `dir`;
 * prints the `top` largest and whether each lazily loaded one is within
 * `budget` bytes. The entry script (named by the build's manifest) is printed
 * but not judged here: the first page's budget covers it. Returns whether all
 * lazily loaded scripts fit.
 */
export function printChunks({ dir = "dist/client", budget, top = 8 }) {
  const manifest = JSON.parse(readFileSync(join(dir, "asset-manifest.json"), "utf8"));
  const entries = new Set(
    Object.values(manifest)
      .filter((e) => e.isEntry)
      .map((e) => e.file),
  );
  const files = readdirSync(join(dir, "assets"))
    .filter((f) => f.endsWith(".js"))
    .map((f) => {
      const body = readFileSync(join(dir, "assets", f));
      return { path: `assets/${f}`, raw: body.length, gzip: gzipSync(body, { level: 9 }).length, entry: entries.has(`assets/${f}`) };
    })
    .sort((a, b) => b.gzip - a.gzip);
  if (files.length === 0) throw new BenchError(`no script in ${dir}/assets: was the client built?`);
  const verdict = (f) => (f.entry ? "entry (first page's budget)" : f.gzip <= budget ? "PASS" : "MISS");
  printTable(
    ["script (largest first)", "raw", "gzip -9", `≤ ${kb(budget)}`],
    files.slice(0, top).map((f) => [f.path, kb(f.raw), kb(f.gzip), verdict(f)]),
    ["left", "right", "right", "left"],
  );
  const lazy = files.filter((f) => !f.entry);
  const over = lazy.filter((f) => f.gzip > budget);
  console.log(
    `Largest lazily loaded script: ${kb(lazy[0]?.gzip ?? 0)} gzip (${lazy.length} scripts); ` +
      (over.length ? `MISS (${over.length} over ${kb(budget)})` : `PASS (every one within ${kb(budget)})`),
  );
  return over.length === 0;
}

// ----------------------------------------------------------- the runner ---

/**
 * The whole bench: start the server, verify every scenario, warm each up,
 * measure each in turn, print the table and ratios, then the JS weight of
 * `js.path`, the largest scripts of the build (`chunks`) and the Lighthouse
 * scores (`lighthouse`: pages, see ./lighthouse.mjs). Resolves to the process
 * exit code: 0 when the bench ran (throughput ratios missed or not), 1 when
 * the server failed or responses were errors, or, after everything is
 * printed, when a weight budget or a Lighthouse target is missed.
 */
/**
 * Whether a section of the bench runs: all of them, unless BENCH_ONLY names
 * some (comma-separated: load, d1, burst, js, lighthouse), for measuring one
 * figure alone on a quiet machine.
 */
export function only(section) {
  const chosen = (process.env.BENCH_ONLY ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  return chosen.length === 0 || chosen.includes(section);
}

/**
 * Whether a load scenario is measured: all of them, unless BENCH_SCENARIOS
 * names some by a word of their name (comma-separated, e.g. "shell"), for
 * comparing one ratio before and after a change in several short runs. The
 * scenarios marked `always` (the ratios' denominator) are measured anyway.
 */
export function chosenScenario(name) {
  const words = (process.env.BENCH_SCENARIOS ?? "")
    .split(",")
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  return words.length === 0 || words.some((w) => name.toLowerCase().includes(w));
}

export async function runBench({ port, stateDir, scenarios, ratios, seconds, warmupSeconds, connections, js, chunks, lighthouse, prepare, after }) {
  const baseUrl = `http://127.0.0.1:${port}`;
  let server;
  try {
    server = await startServer({ port, stateDir, healthUrl: `http://localhost:${port}/v1/health` });
    // Optional: data or credentials the scenarios need, once the server is up (e.g. a bench-only seed).
    if (prepare) await prepare({ port, stateDir, baseUrl });

    // BENCH_ONLY runs some sections alone (see `only` below); the others are skipped.
    if (!only("load")) scenarios = scenarios.filter((s) => s.always);
    // BENCH_SCENARIOS measures only the scenarios whose name contains one of its words, and the ratios between those.
    scenarios = scenarios.filter((s) => s.always || chosenScenario(s.name));
    const measured = new Set(scenarios.map((s) => s.name));
    ratios = ratios.filter((r) => measured.has(r.numerator) && measured.has(r.denominator));
    console.log("· verifying scenarios …");
    for (const s of scenarios) await verifyScenario(baseUrl, s);

    console.log(`· warm-up: ${warmupSeconds} s each, ${connections} connections`);
    for (const s of scenarios) {
      const r = await load(baseUrl, s, { seconds: warmupSeconds, connections });
      const problems = problemsOf(r);
      if (problems.length) throw new BenchError(`during warm-up:\n  ${problems.join("\n  ")}`);
    }

    console.log(`· measuring: ${seconds} s each, ${connections} connections`);
    const results = [];
    for (const s of scenarios) {
      process.stdout.write(`  ${s.name} … `);
      const r = await load(baseUrl, s, { seconds, connections });
      console.log(`${r.rps.toFixed(1)} req/s`);
      results.push(r);
    }

    if (only("load")) {
      console.log("\n== throughput and latency ==");
      printResults(results);
      console.log("");
      printRatios(results, ratios);
    }

    const problems = results.flatMap(problemsOf);
    if (problems.length) {
      throw new BenchError(`error responses while measuring — the figures above are not meaningful:\n  ${problems.join("\n  ")}`);
    }

    // Optional: a measurement of its own (e.g. a burst of concurrent writes), given the figures so far.
    const missed = [];
    if (after) missed.push(...((await after({ baseUrl, results, only })) ?? []));

    if (js && only("js")) {
      console.log(`\n== JavaScript loaded by ${js.path} before it is interactive ==`);
      const scripts = await measureScripts({ url: `http://localhost:${port}${js.path}`, readySelector: js.readySelector });
      if (!printScripts(scripts, js.budget)) missed.push(`JavaScript before ${js.path} is interactive over ${kb(js.budget)}`);
    }
    if (chunks && only("js")) {
      console.log("\n== The largest scripts of the client build ==");
      if (!printChunks(chunks)) missed.push(`a script of the build over ${kb(chunks.budget)}`);
    }
    if (lighthouse && only("lighthouse")) {
      console.log("\n== Lighthouse (performance, mobile preset, median of 3 runs) ==");
      const { measureLighthouse, printLighthouse } = await import("./lighthouse.mjs");
      if (!printLighthouse(await measureLighthouse(lighthouse, { port }), printTable)) missed.push("a Lighthouse score under its target");
    }
    if (missed.length) {
      console.error(`\nBENCH FAILED: ${missed.join("; ")}`);
      return 1;
    }
    return 0;
  } catch (err) {
    console.error(`\nBENCH FAILED: ${err instanceof BenchError ? err.message : (err?.stack ?? err)}`);
    return 1;
  } finally {
    if (server) {
      console.log("· stopping the server …");
      await server.stop();
    }
  }
}
