// Takes a screenshot of a page in Debian's Chromium, as a person would see it.
// node scripts/shot.mjs URL OUT.png [--dark] [--width=390] [--wait=1000] [--as=email]
// --as signs in first with the demo password (see README's demo sign-ins).
import { chromium } from "playwright-core";

const [url, out, ...opts] = process.argv.slice(2);
const opt = (name, fallback) => opts.find((o) => o.startsWith(`--${name}=`))?.split("=")[1] ?? fallback;
const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--host-resolver-rules=MAP *.test 127.0.0.1", "--disable-background-networking"],
});
const page = await browser.newPage({ viewport: { width: Number(opt("width", 1280)), height: Number(opt("height", 800)) } });
if (opts.includes("--dark")) await page.addInitScript(() => localStorage.setItem("theme", "dark"));
page.on("console", (m) => m.type() === "error" && console.error("console:", m.text()));
page.on("pageerror", (e) => console.error("pageerror:", e.message));
const as = opt("as", null);
if (as) {
  const origin = new URL(url).origin;
  const res = await page.request.post(`${origin}/api/auth/sign-in/email`, {
    data: { email: as, password: "Demo-pass-2026!" },
    headers: { Origin: origin },
  });
  if (!res.ok()) console.error("sign-in failed", res.status());
}
await page.goto(url, { waitUntil: "networkidle" });
await page.waitForTimeout(Number(opt("wait", 500)));
await page.screenshot({ path: out, fullPage: true });
await browser.close();
