// Lighthouse in `npm run bench`: the performance score of a few pages of the
// production build the bench serves, with Lighthouse's mobile preset (its
// default: a mid-range phone, simulated slow 4G and 4× CPU slowdown), each the
// median of three runs, against a target per page. Runs offline with Debian's
// Chromium (CHROMIUM_PATH overrides); partner hosts (*.test) resolve to this
// machine. A page may carry a session cookie (`cookie`), for signed-in screens.
// Lighthouse stays out of `npm test`: only the bench (run.mjs) imports this.
//
// Cloudflare compresses text (HTML, scripts, styles, JSON) on its way to the
// browser, and the local server (vite preview over workerd) does not: the
// pages are measured through `startCompressingProxy`, which gzips as the edge
// would, so that the scores are those of what a visitor downloads.
//
// A page: { label, path, host?, target, cookie?: () => Promise<string>, stays?: boolean }
//   `cookie` ("name=value; name=value") is asked for before each run (a fresh
//   session each time) and put in the browser's cookie jar, as a signed-in
//   visitor's browser holds it: an extra Cookie header would be replaced by
//   the jar's cookies (the server's own, set by an earlier run);
//   `stays`: a run that ends on another path (a redirect) measured the wrong page and fails.
import { launch } from "chrome-launcher";
import lighthouse from "lighthouse";
import http from "node:http";
import { createGzip } from "node:zlib";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const RUNS = 3;
const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-default-apps",
  "--disable-extensions",
  "--host-resolver-rules=MAP *.test 127.0.0.1",
];

const COMPRESSIBLE = /^(text\/|application\/(json|javascript|manifest\+json|xml)|image\/svg\+xml)/;

/**
 * A reverse proxy on a free port in front of `targetPort` that gzips text
 * answers for browsers that accept gzip, as Cloudflare's edge does. The Host
 * header keeps its name and gets the target's port (the Worker's origins and
 * partner domains are those of the server), and redirects to the server come
 * back to the proxy. Resolves to { port, close }.
 */
export function startCompressingProxy(targetPort) {
  const server = http.createServer((req, res) => {
    const host = (req.headers.host ?? "localhost").replace(/:\d+$/, "");
    const upstream = http.request(
      { host: "127.0.0.1", port: targetPort, method: req.method, path: req.url, headers: { ...req.headers, host: `${host}:${targetPort}` } },
      (up) => {
        const type = String(up.headers["content-type"] ?? "");
        const gzip =
          /\bgzip\b/.test(String(req.headers["accept-encoding"] ?? "")) &&
          !up.headers["content-encoding"] &&
          COMPRESSIBLE.test(type) &&
          req.method !== "HEAD" &&
          up.statusCode !== 204 &&
          up.statusCode !== 304;
        const headers = { ...up.headers };
        // A redirect to the server's own origin (the partner's /login goes to the main domain's) stays on the proxy.
        if (headers.location) headers.location = headers.location.replace(`:${targetPort}/`, `:${server.address().port}/`);
        if (gzip) {
          delete headers["content-length"];
          headers["content-encoding"] = "gzip";
          headers.vary = headers.vary ? `${headers.vary}, Accept-Encoding` : "Accept-Encoding";
        }
        res.writeHead(up.statusCode ?? 502, headers);
        (gzip ? up.pipe(createGzip()) : up).pipe(res);
      },
    );
    upstream.on("error", (err) => {
      res.writeHead(502);
      res.end(String(err));
    });
    req.pipe(upstream);
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve({ port: server.address().port, close: () => new Promise((done) => server.close(done)) })),
  );
}

/**
 * The browser's cookie jar over the DevTools protocol: empties it, then sets
 * `cookie` ("a=1; b=2") for `url`'s host. Lighthouse's storage reset keeps
 * cookies, so without this one run's cookies would reach the next.
 */
async function setCookies(debugPort, url, cookie) {
  const { webSocketDebuggerUrl } = await (await fetch(`http://127.0.0.1:${debugPort}/json/version`)).json();
  const socket = new WebSocket(webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.onopen = resolve;
    socket.onerror = reject;
  });
  let id = 0;
  const call = (method, params = {}) =>
    new Promise((resolve, reject) => {
      const mine = ++id;
      socket.addEventListener("message", function answer(event) {
        const msg = JSON.parse(String(event.data));
        if (msg.id !== mine) return;
        socket.removeEventListener("message", answer);
        if (msg.error) reject(new Error(`${method}: ${msg.error.message}`));
        else resolve(msg.result);
      });
      socket.send(JSON.stringify({ id: mine, method, params }));
    });
  try {
    await call("Storage.clearCookies");
    const cookies = (cookie ?? "")
      .split(/;\s*/)
      .filter(Boolean)
      .map((pair) => {
        const at = pair.indexOf("=");
        return { name: pair.slice(0, at), value: pair.slice(at + 1), url, httpOnly: true, sameSite: "Lax" };
      });
    if (cookies.length) await call("Storage.setCookies", { cookies });
  } finally {
    socket.close();
  }
}

/** The figures of one Lighthouse run (times in ms; score 0–100). */
function figures(lhr) {
  const audit = (id) => lhr.audits[id]?.numericValue ?? NaN;
  const score = lhr.categories.performance.score;
  return {
    score: score === null ? NaN : Math.round(score * 100),
    fcp: audit("first-contentful-paint"),
    lcp: audit("largest-contentful-paint"),
    tbt: audit("total-blocking-time"),
    cls: audit("cumulative-layout-shift"),
    lcpElement: lhr.audits["largest-contentful-paint-element"]?.details?.items?.[0]?.items?.[0]?.node?.snippet ?? null,
    opportunities: Object.values(lhr.audits)
      .filter((a) => a.details?.type === "opportunity" && (a.details.overallSavingsMs ?? 0) >= 50)
      .map((a) => `${a.id} (${Math.round(a.details.overallSavingsMs)} ms)`),
    runtimeError: lhr.runtimeError?.message ?? null,
  };
}

/** The run whose score is the median of `runs` (by score, then LCP). */
function median(runs) {
  const sorted = [...runs].sort((a, b) => a.score - b.score || a.lcp - b.lcp);
  return sorted[Math.floor(sorted.length / 2)];
}

/**
 * Runs Lighthouse RUNS times on each page of the server on `port` (through
 * the compressing proxy), one Chromium for all; resolves to
 * [{ label, url, target, runs: [figures], median: figures, pass }].
 */
export async function measureLighthouse(pages, { port, chromePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium" }) {
  const proxy = await startCompressingProxy(port);
  const chrome = await launch({ chromePath, chromeFlags: CHROME_FLAGS, logLevel: "silent" });
  try {
    const results = [];
    for (const page of pages) {
      const url = `http://${page.host ?? "localhost"}:${proxy.port}${page.path}`;
      const runs = [];
      for (let i = 0; i < RUNS; i++) {
        await setCookies(chrome.port, url, page.cookie ? await page.cookie() : "");
        const result = await lighthouse(url, {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          onlyCategories: ["performance"],
          // The bench's state is throwaway, but a run must not keep the previous one's cache.
          disableStorageReset: false,
        });
        if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
        const run = figures(result.lhr);
        if (run.runtimeError) throw new Error(`Lighthouse could not measure ${url}: ${run.runtimeError}`);
        run.finalUrl = result.lhr.finalDisplayedUrl;
        // LIGHTHOUSE_REPORTS=<dir> keeps each run's whole report, to read where the time goes.
        if (process.env.LIGHTHOUSE_REPORTS) {
          mkdirSync(process.env.LIGHTHOUSE_REPORTS, { recursive: true });
          const name = `${page.label.replace(/[^a-z0-9]+/gi, "-").toLowerCase()}-${i + 1}.json`;
          writeFileSync(join(process.env.LIGHTHOUSE_REPORTS, name), result.report);
        }
        if (page.stays && new URL(run.finalUrl).pathname !== page.path) {
          throw new Error(`Lighthouse run ${i + 1} of ${page.label} ended on ${run.finalUrl}, not ${page.path}: it measured another page`);
        }
        runs.push(run);
      }
      const mid = median(runs);
      results.push({ ...page, url, runs, median: mid, pass: mid.score >= page.target });
    }
    return results;
  } finally {
    await chrome.kill();
    await proxy.close();
  }
}

const secs = (v) => `${(v / 1000).toFixed(2)} s`;

/** Prints each page's median score and metrics against its target; returns whether all pass. */
export function printLighthouse(results, printTable) {
  printTable(
    ["page (mobile, median of 3)", "score", "target", "FCP", "LCP", "TBT", "CLS", "runs", "result"],
    results.map((r) => [
      r.label,
      r.median.score,
      `≥ ${r.target}`,
      secs(r.median.fcp),
      secs(r.median.lcp),
      `${Math.round(r.median.tbt)} ms`,
      r.median.cls.toFixed(3),
      r.runs.map((x) => x.score).join(" / "),
      r.pass ? "PASS" : "MISS",
    ]),
    ["left", "right", "right", "right", "right", "right", "right", "left", "left"],
  );
  for (const r of results) {
    if (r.median.finalUrl !== r.url) console.log(`  ${r.label}: redirected to ${r.median.finalUrl.replace(/:\d+\//, ":<port>/")}`);
    if (r.median.lcpElement) console.log(`  ${r.label}: LCP element ${r.median.lcpElement}`);
    if (r.median.opportunities.length) console.log(`  ${r.label}: opportunities ${r.median.opportunities.join(", ")}`);
  }
  return results.every((r) => r.pass);
}
