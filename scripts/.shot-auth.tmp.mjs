// node /tmp/shot-auth.mjs who path out.png [--dark] [--width=390] [--click=selector] [--key=Control+b]
import { chromium } from "playwright-core";
const [who, path, out, ...opts] = process.argv.slice(2);
const opt = (n, f) => opts.find((o) => o.startsWith(`--${n}=`))?.split("=").slice(1).join("=") ?? f;
const users = { partnerAdmin: "ada@northwind.test", customerAdmin: "cara@fabrikam.test", partnerMember: "ben@northwind.test" };
const origin = opt("origin", "http://localhost:5173");
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu", "--host-resolver-rules=MAP *.test 127.0.0.1"] });
const page = await browser.newPage({ viewport: { width: Number(opt("width", 1280)), height: Number(opt("height", 800)) } });
if (opts.includes("--dark")) await page.addInitScript(() => localStorage.setItem("theme", "dark"));
page.on("console", (m) => m.type() === "error" && console.error("console:", m.text()));
page.on("pageerror", (e) => console.error("pageerror:", e.message));
if (who !== "none") {
  const DEMO_PASSWORD = "Demo-pass-2026!";
  const res = await page.request.post(`${origin}/api/auth/sign-in/email`, { data: { email: users[who], password: DEMO_PASSWORD }, headers: { Origin: origin } });
  console.log("sign-in", res.status());
}
await page.goto(origin + path, { waitUntil: "networkidle" });
await page.waitForTimeout(800);
for (const c of opts.filter((o) => o.startsWith("--click="))) { await page.click(c.slice(8)); await page.waitForTimeout(400); }
const key = opt("key", null); if (key) { await page.keyboard.press(key); await page.waitForTimeout(400); }
await page.screenshot({ path: out, fullPage: false });
console.log(page.url());
await browser.close();
