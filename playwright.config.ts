import { existsSync } from "node:fs";
import { defineConfig } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 4173);

/**
 * The Chromium the tests drive (Playwright's own download needs the internet):
 * CHROMIUM_PATH when set; else Debian's headless shell (chromium-headless-shell:
 * the browser without its windowing and UI processes, a third faster here), or
 * Debian's full /usr/bin/chromium, when installed;
 * else the one @sparticuz/chromium ships inside its npm package (Linux x64,
 * unpacked into the temp folder on first use), so `npm test` runs on a fresh
 * machine. E2E_BUNDLED_CHROMIUM=1 picks the packaged one even when Debian's is
 * there.
 */
async function chromiumPath(): Promise<string> {
  if (process.env.E2E_BUNDLED_CHROMIUM !== "1") {
    if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
    for (const path of ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"]) if (existsSync(path)) return path;
  }
  const { default: bundled } = await import("@sparticuz/chromium");
  return bundled.executablePath();
}

/**
 * End-to-end tests drive that Chromium against the production build served by
 * workerd. Partner domains such as learn.northwind.test resolve to loopback.
 */
export default defineConfig({
  testDir: "tests/e2e",
  globalSetup: "./tests/e2e/global-setup.ts",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 30_000,
  // CI runners were measured about 1.5 times slower than a development machine.
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: "retain-on-failure",
    // Overlays animate in (a 150 ms zoom, a 200 ms slide) unless the user asks
    // for reduced motion, which the styles honour. A click aimed while a
    // dialog was still settling could land beside its button on a busy runner;
    // the tests click what a person sees at rest.
    reducedMotion: "reduce",
    launchOptions: {
      executablePath: await chromiumPath(),
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
    },
  },
  webServer: {
    command: `node scripts/serve-build.mjs ${PORT}`,
    url: `http://localhost:${PORT}/v1/health`,
    reuseExistingServer: !process.env.CI,
    timeout: 240_000,
    stdout: "ignore",
    stderr: "pipe",
  },
});
