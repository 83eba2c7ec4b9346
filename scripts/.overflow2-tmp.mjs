import { chromium } from "playwright-core";
const [url, as, width] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
const page = await browser.newPage({ viewport: { width: Number(width ?? 390), height: 800 } });
const origin = new URL(url).origin;
if (as) await page.request.post(`${origin}/api/auth/sign-in/email`, { data: { email: as, password: "Demo-pass-2026!" }, headers: { Origin: origin } });
await page.goto(url, { waitUntil: "networkidle" });
await page.waitForTimeout(800);
const r = await page.evaluate(() => {
  const W = document.documentElement.clientWidth;
  const out = [];
  for (const el of document.querySelectorAll("body *")) {
    const s = getComputedStyle(el);
    const b = el.getBoundingClientRect(); if ((s.position === "absolute" || s.position === "fixed") && b.right > W) out.push(`${el.tagName}.${String(el.className).slice(0,60)} pos=${s.position} right=${Math.round(b.right)} w=${Math.round(b.width)} text=${el.textContent.slice(0,40)}`);
  }
  return { scrollWidth: document.documentElement.scrollWidth, bodySW: document.body.scrollWidth, W, out: out.slice(0, 20) };
});
console.log(JSON.stringify(r, null, 1));
await browser.close();
