// `npm run build` followed by `wrangler deploy --dry-run`: the deployable
// build bundles, wrangler accepts it, and its configuration is production
// (APP_ENV "production", no local value or secret baked in). Offline: the dry
// run uploads nothing and its bundle goes to a temporary folder.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const env = { ...process.env, WRANGLER_SEND_METRICS: "false", CI: process.env.CI ?? "true" };

function run(cmd, args) {
  const res = spawnSync(cmd, args, { stdio: "inherit", env });
  if (res.status !== 0) {
    console.error(`${cmd} ${args.join(" ")} failed (${res.status ?? res.signal})`);
    process.exit(res.status ?? 1);
  }
}

const config = "dist/techfit/wrangler.json";
const outdir = mkdtempSync(join(tmpdir(), "techfit-deploy-"));
try {
  run("npx", ["vite", "build", "--logLevel", "warn"]);
  run("npx", ["wrangler", "deploy", "--config", config, "--dry-run", "--outdir", outdir]);
  const { vars = {} } = JSON.parse(readFileSync(config, "utf8"));
  const problems = [];
  if (vars.APP_ENV !== "production") problems.push(`APP_ENV is ${JSON.stringify(vars.APP_ENV)}, not "production"`);
  for (const secret of ["BETTER_AUTH_SECRET", "CLERK_SECRET_KEY", "MAIL_API_KEY", "CF_API_TOKEN"]) {
    if (secret in vars) problems.push(`${secret} is a plain var in the build; set it with wrangler secret put`);
  }
  if (problems.length) {
    console.error(`the deployable build is not production:\n- ${problems.join("\n- ")}`);
    process.exit(1);
  }
  console.log(`deploy dry run: bundled to ${outdir}, vars are production (MAIN_HOST ${vars.MAIN_HOST}: set at deploy)`);
} finally {
  rmSync(outdir, { recursive: true, force: true });
}
