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
    const b = el.getBoundingClientRect();
    if (b.right > W + 1 && b.width > 0) {
      const p = el.parentElement?.getBoundingClientRect();
      if (!p || p.right <= W + 1) { let chain=[]; for (let a=el.parentElement; a && chain.length<6; a=a.parentElement) chain.push(`${a.tagName}[${getComputedStyle(a).overflowX}|${getComputedStyle(a).display}|w=${Math.round(a.getBoundingClientRect().width)}|sw=${a.scrollWidth}]`); out.push(`${el.tagName}.${String(el.className).slice(0, 80)} right=${Math.round(b.right)} w=${Math.round(b.width)} :: ${chain.join(" < ")}`); }
    }
  }
  return { scrollWidth: document.documentElement.scrollWidth, W, out: out.slice(0, 15) };
});
console.log(JSON.stringify(r, null, 1));
await browser.close();
