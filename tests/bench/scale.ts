/**
 * `npm run bench -- scale` (or `npm run bench:scale`): the scale simulation.
 * Builds the product, serves it on BENCH_PORT (default 4300) with its own
 * state folder, and makes a reduced fleet through the product's own API
 * (tests/bench/scale-fleet.ts): partners onboarded and placed by the product,
 * their customers, and their bookings requested and confirmed, the mail
 * delivered. Then it prints what the fleet weighs in D1 (per partner,
 * customer and booking, each database's size) and in R2 (mail bodies), the
 * projection to full size, the D1 calls and sequential round trips of the
 * main screens and writes of a fleet customer and partner, and the page
 * times a latency model gives for them (tests/bench/scale-model.ts).
 *
 * Placed as onboarding places them: the partners' locations take turns (US,
 * UK, CA) and onboarding puts each on a shard of its region, else on the
 * deployment's DEFAULT_SHARD (wrangler.toml; locally UK → weur-1, US and CA →
 * first, there being no enam shard). Each partner's shard is then read back
 * from the directory's routing rows, and every figure is given per shard.
 * Customers onboard on the main domain, so on the default shard, and link by
 * TAN: one whose partner is on another shard moves there through the re-link
 * flow (202, the flow queue), which the simulation waits for.
 *
 *   --partners N (default 12)  --customers N per partner (default 10)  --bookings N per customer (default 10)
 *   --bookings-per-year N per customer, for the projection (default 12)
 *   --fleet-partners N (default 10000)  --fleet-customers N per partner (default 1000)
 *   --concurrency N requests at once (default 3)
 * The defaults (1,200 bookings) run in about ten minutes on two cores, most of
 * it the build and the seed; 200 × 20 × 20 (80,000 bookings) takes hours.
 */
import { readFileSync } from "node:fs";
import { BenchError, printTable, startServer } from "./lib.mjs";
import { bookAndConfirm, client, linkToPartner, LOCATIONS, onboard, publishWorkout, signUp, type Client, type D1Figures, type Person } from "./scale-fleet";
import {
  averageMs,
  customersPerDatabase,
  databasesNeeded,
  sessionBytes,
  fleetBytes,
  partnerBytes,
  partnerYearsPerShard,
  requestMs,
  RTT,
  SHARD_BYTES,
  shardedShares,
  shardsNeeded,
  singleDatabaseShares,
  type Footprint,
} from "./scale-model";
import { mailDelivered, sqliteRows, stateFiles } from "./d1-files.mjs";
import { bindingsOfFiles, directoryTables, growth, placedBytes, snapshot, type Growth, type Snapshot } from "./scale-sizes";
import { d1Databases } from "../../scripts/shards-config";
import { shardNameOf, SHARD_PREFIX } from "../../worker/d1/shards";

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  const value = i > 0 ? Number(process.argv[i + 1]) : fallback;
  if (!Number.isInteger(value) || value <= 0) throw new BenchError(`--${name} must be a positive whole number`);
  return value;
};
const SIZE = { partners: arg("partners", 12), customers: arg("customers", 10), bookings: arg("bookings", 10) };
const PROJECTION = {
  bookingsPerCustomerYear: arg("bookings-per-year", 12),
  fleetPartners: arg("fleet-partners", 10_000),
  fleetCustomers: arg("fleet-customers", 1_000),
};
const CONCURRENCY = arg("concurrency", 3);
const PORT = Number(process.env.BENCH_PORT ?? 4300);
const STATE_DIR = `.wrangler/scale-state-${PORT}`;
const ORIGIN = `http://localhost:${PORT}`;
/** Regions users are spread over, for today's single database; the share of a partner's users far from its shard. */
const REGIONS = 3;
const FAR_FROM_SHARD = 0.1;
/** Sign-ins after a lapse (a new session each) per user a year: assumed, for the sessions a directory keeps without pruning. */
const SIGN_INS_PER_YEAR = 50;

const RUN = Date.now().toString(36);
/** Every person the simulation signs up has an address of its own. */
let people = 0;
const address = (role: string) => `${role}-${RUN}-${++people}@scale.test`;

/** Runs `fn` over `items`, `n` at a time, in order of start. */
async function pool<T, R>(items: T[], n: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(n, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i]!, i);
      }
    }),
  );
  return out;
}

type Partner = { admin: Person; id: string; tan: string; workout: string; plan: string; location: (typeof LOCATIONS)[number]; currency: string };
/** `moved`: onboarded on the default shard, it moved to its partner's through the re-link flow; `n`: its number in the fleet. */
type Customer = { person: Person; id: string; partner: Partner; moved: boolean; n: number };

async function makePartner(api: Client, n: number): Promise<Partner> {
  const location = LOCATIONS[n % LOCATIONS.length]!;
  const admin = await signUp(api, address("partner"), `Partner Admin ${n}`);
  const account = await onboard(api, admin, "partner", `Scale Partner ${RUN} ${n}`, location);
  const partner = { id: account.id, tan: account.tan ?? "", currency: account.currency };
  const workout = await publishWorkout(api, admin, partner, n);
  const plan = await api.must(201, "POST", "/v1/admin/entitlements/plans", {
    as: admin,
    account: partner.id,
    json: { planName: "Scale plan", variantName: "Annual", commitmentTerm: "annual", credits: SIZE.bookings * 4, refreshPeriod: "none" },
  });
  return { admin, ...partner, workout, plan: (plan.body as { id: string }).id, location };
}

async function makeCustomer(api: Client, partner: Partner, n: number): Promise<Customer> {
  const person = await signUp(api, address("customer"), `Customer Admin ${n}`);
  const account = await onboard(api, person, "customer", `Scale Customer ${RUN} ${n}`, partner.location);
  const moved = await linkToPartner(api, person, account.id, partner);
  await api.must(201, "POST", "/v1/admin/entitlements/plan-entries", {
    as: partner.admin,
    account: partner.id,
    json: { accountId: account.id, planId: partner.plan, startDate: new Date().toISOString().slice(0, 10) },
  });
  return { person, id: account.id, partner, moved, n };
}

/**
 * Each partner's shard as onboarding placed it: its routing row in the
 * directory (a shard's copy of the row says the same), read from the local
 * files read-only.
 */
function shardsOf(partners: Partner[]): Map<string, string> {
  const ids = partners.map((p) => `'${p.id.replace(/'/g, "''")}'`).join(", ");
  const out = new Map<string, string>();
  for (const file of stateFiles(STATE_DIR, "d1"))
    for (const r of sqliteRows<{ id: string; shard: string | null }>(file, `SELECT id, shard FROM accounts WHERE type = 'partner' AND id IN (${ids})`))
      if (r.shard) out.set(r.id, r.shard);
  const missing = partners.filter((p) => !out.has(p.id));
  if (missing.length) throw new BenchError(`no shard recorded for ${missing.length} partner(s) of the fleet`);
  return out;
}

/** The fleet: `count` partners placed by onboarding, their customers and bookings; the bytes of each stage and the figures of each shard's requests. */
async function makeFleet(api: Client, count: number) {
  const before = snapshot(STATE_DIR);
  const partners = await pool(
    Array.from({ length: count }, (_, n) => n),
    CONCURRENCY,
    (n) => makePartner(api, n),
  );
  const afterPartners = snapshot(STATE_DIR);
  const shardOf = shardsOf(partners);
  const customers = await pool(
    partners.flatMap((p, i) => Array.from({ length: SIZE.customers }, (_, c) => ({ p, n: i * SIZE.customers + c }))),
    CONCURRENCY,
    ({ p, n }) => makeCustomer(api, p, n),
  );
  const afterCustomers = snapshot(STATE_DIR);
  const sessionsOf = new Map<string, string[]>();
  for (const c of customers) {
    if (sessionsOf.has(c.partner.workout)) continue;
    const { body } = await api.must(200, "GET", `/v1/bookings/options/${c.partner.workout}`, { as: c.person, account: c.id });
    sessionsOf.set(
      c.partner.workout,
      (body as { sessions: { id: string }[] }).sessions.map((s) => s.id),
    );
  }
  const writes = new Map<string, { book: D1Figures[]; confirm: D1Figures[] }>();
  await pool(customers, CONCURRENCY, async (c) => {
    const shard = shardOf.get(c.partner.id)!;
    if (!writes.has(shard)) writes.set(shard, { book: [], confirm: [] });
    for (let b = 0; b < SIZE.bookings; b++) {
      const { book, confirm } = await bookAndConfirm(
        api,
        { person: c.person, account: c.id },
        { person: c.partner.admin, account: c.partner.id },
        { id: c.partner.workout, sessions: sessionsOf.get(c.partner.workout)! },
        // A day of its own for every booking of the fleet: the partner delivers them all, one session at a time.
        (c.n * SIZE.bookings + b) * 3,
      );
      if (book.d1) writes.get(shard)!.book.push(book.d1);
      if (confirm.d1) writes.get(shard)!.confirm.push(confirm.d1);
    }
  });
  // A booking's life includes its mail: wait until the queue has delivered every one.
  if (!(await mailDelivered(STATE_DIR))) throw new BenchError("mail still queued after three minutes");
  const afterBookings = snapshot(STATE_DIR);
  // The screens of one customer (and its partner) on each shard that holds partners.
  const shards: { shard: string; partners: number; screens: Screen[] }[] = [];
  for (const [shard, w] of [...writes].sort(([a], [b]) => a.localeCompare(b))) {
    const customer = customers.find((c) => shardOf.get(c.partner.id) === shard)!;
    shards.push({ shard, partners: partners.filter((p) => shardOf.get(p.id) === shard).length, screens: await measureScreens(api, customer, w) });
  }
  return {
    partners: partners.length,
    placed: partners.map((p) => ({ location: p.location, shard: shardOf.get(p.id)! })),
    customers: customers.length,
    moved: customers.filter((c) => c.moved).length,
    bookings: customers.length * SIZE.bookings,
    growth: { partners: growth(before, afterPartners), customers: growth(afterPartners, afterCustomers), bookings: growth(afterCustomers, afterBookings) },
    shards,
  };
}

/** The fewest calls (and depth) of three sends: the first warms the caches. */
async function warm(send: () => Promise<{ d1: D1Figures | null; status: number }>, what: string): Promise<D1Figures> {
  const seen: D1Figures[] = [];
  for (let i = 0; i < 3; i++) {
    const a = await send();
    if (a.status !== 200) throw new BenchError(`${what} answered ${a.status}`);
    if (i > 0 && a.d1) seen.push(a.d1);
  }
  if (!seen.length) throw new BenchError(`${what}: no D1 figure in Server-Timing`);
  return fewest(seen);
}
const fewest = (all: D1Figures[]): D1Figures => all.reduce((a, b) => ({ calls: Math.min(a.calls, b.calls), depth: Math.min(a.depth, b.depth) }));

type Screen = { name: string; kind: "read" | "write"; figures: D1Figures };

async function measureScreens(api: Client, c: Customer, writes: { book: D1Figures[]; confirm: D1Figures[] }): Promise<Screen[]> {
  const p = c.partner;
  const asCustomer = { as: c.person, account: c.id };
  const asPartner = { as: p.admin, account: p.id };
  const reads: [string, () => ReturnType<Client["send"]>][] = [
    ["SSR / (customer's Home)", () => api.send("GET", "/", { cookie: c.person.cookie })],
    ["SSR /bookings (customer)", () => api.send("GET", "/bookings", { cookie: c.person.cookie })],
    ["SSR / (partner's Home)", () => api.send("GET", "/", { cookie: p.admin.cookie })],
    ["GET /v1/homepage (customer)", () => api.send("GET", "/v1/homepage", asCustomer)],
    ["GET /v1/workouts (catalogue)", () => api.send("GET", "/v1/workouts?limit=24", asCustomer)],
    ["GET /v1/workouts/{id}", () => api.send("GET", `/v1/workouts/${p.workout}`, asCustomer)],
    ["GET /v1/bookings (customer)", () => api.send("GET", "/v1/bookings", asCustomer)],
    ["GET /v1/jobs (partner)", () => api.send("GET", "/v1/jobs", asPartner)],
  ];
  const screens: Screen[] = [];
  for (const [name, send] of reads) screens.push({ name, kind: "read", figures: await warm(send, name) });
  screens.push({ name: "POST /v1/bookings (request)", kind: "write", figures: fewest(writes.book) });
  screens.push({ name: "POST /v1/jobs/{id}/confirm", kind: "write", figures: fewest(writes.confirm) });
  return screens;
}

// ------------------------------------------------------------- printing ---

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;
const gb = (bytes: number) => `${(bytes / 1e9).toFixed(2)} GB`;
const count = (n: number) => Math.round(n).toLocaleString("en-US");

function sumGrowth(g: Growth, directoryFile: string) {
  let fileBytes = 0;
  for (const b of g.files.values()) fileBytes += b;
  return { placed: placedBytes(g, directoryFile), mailCount: g.mail.count, mailBytes: g.mail.bytes, fileBytes };
}

async function main() {
  const toml = readFileSync("wrangler.toml", "utf8");
  const shardNames = d1Databases(toml)
    .filter((d) => d.binding.startsWith(SHARD_PREFIX))
    .map((d) => shardNameOf(d.binding));
  const defaultShard = toml.match(/^DEFAULT_SHARD\s*=\s*"([^"]+)"/m)?.[1] ?? shardNames[0]!;

  console.log(
    `== Scale simulation: ${SIZE.partners} partners × ${SIZE.customers} customers × ${SIZE.bookings} bookings, placed by region over ${shardNames.join(", ")} (default ${defaultShard}; port ${PORT}, state ${STATE_DIR}) ==`,
  );
  const started = Date.now();
  const api = client(ORIGIN);
  process.env.AUTH_SIGNIN_LIMIT = "1000000";
  const server = await startServer({ port: PORT, stateDir: STATE_DIR, healthUrl: `${ORIGIN}/v1/health` });
  let initial: Snapshot;
  let fleet: Awaited<ReturnType<typeof makeFleet>>;
  let final: Snapshot;
  try {
    initial = snapshot(STATE_DIR);
    fleet = await makeFleet(api, SIZE.partners);
    // Weighed while the server runs, as every stage before: a stopping server still holds the files.
    final = snapshot(STATE_DIR);
  } finally {
    await server.stop();
  }
  const names = await bindingsOfFiles(STATE_DIR);
  const directoryFile = [...names].find(([, bindings]) => bindings.includes("DB"))?.[0];
  if (!directoryFile) throw new BenchError("no local database answers as the DB binding (the directory)");
  const total = fleet;
  console.log(
    `· fleet made in ${((Date.now() - started) / 60_000).toFixed(1)} min: ${total.partners} partners, ${total.customers} customers, ${total.bookings} bookings`,
  );
  const where = new Map<string, Set<string>>();
  for (const p of fleet.placed) where.set(p.shard, (where.get(p.shard) ?? new Set()).add(p.location));
  console.log(
    `· placed by onboarding: ${[...where]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([shard, locations]) => `${[...locations].sort().join(", ")} → ${shard}`)
      .join(
        "; ",
      )}; ${fleet.moved} of ${fleet.customers} customers (onboarded on the default shard) moved to their partner's shard when they linked (202, through the flow queue)`,
  );

  // ── Bytes per partner, customer and booking ──
  const per = (stage: "partners" | "customers" | "bookings", n: number) => {
    const s = sumGrowth(fleet.growth[stage], directoryFile);
    return {
      shard: s.placed.shard / n,
      directory: s.placed.directory / n,
      file: s.fileBytes / n,
      r2: s.mailBytes / n,
      mails: s.mailCount / n,
    };
  };
  const perPartner = per("partners", total.partners);
  const perCustomer = per("customers", total.customers);
  const perBooking = per("bookings", total.bookings);
  console.log("\n== D1 and R2 bytes per row of the fleet (growth of the local databases ÷ rows made; dbstat by table, placed as worker/d1/placement.ts) ==");
  printTable(
    ["per", "D1 on its shard", "D1 in the directory", "D1 files grew", "R2 mail bodies", "mails"],
    [
      [
        "partner (admin, account, workout, plan)",
        kb(perPartner.shard),
        kb(perPartner.directory),
        kb(perPartner.file),
        kb(perPartner.r2),
        perPartner.mails.toFixed(1),
      ],
      [
        "customer (admin, account, link, plan)",
        kb(perCustomer.shard),
        kb(perCustomer.directory),
        kb(perCustomer.file),
        kb(perCustomer.r2),
        perCustomer.mails.toFixed(1),
      ],
      [
        "booking (requested, confirmed, mail sent)",
        kb(perBooking.shard),
        kb(perBooking.directory),
        kb(perBooking.file),
        kb(perBooking.r2),
        perBooking.mails.toFixed(1),
      ],
    ],
    ["left", "right", "right", "right", "right", "right"],
  );
  console.log(`D1 bytes per booking: ${Math.round(perBooking.shard)} on its shard (target ≤ 10 KB); R2: ${Math.round(perBooking.r2)} of mail bodies`);

  // ── The directory by table ──
  console.log(
    `\n== The directory by table, per customer (growth of the directory's file while the customers were made, ÷ ${count(total.customers)}; dbstat: records exact to the row, pages a page at a time; indexes with their table; users and accounts: the directory's own rows only) ==`,
  );
  const byTable = directoryTables(fleet.growth.customers, directoryFile).filter((t) => t.bytes !== 0 || t.payload !== 0 || t.rows !== 0);
  const each = (n: number) => Math.round(n / total.customers);
  const records = byTable.reduce((n, t) => n + t.payload, 0);
  printTable(
    ["table", "placed", "rows per customer", "record bytes per customer", "share", "page bytes per customer"],
    [
      ...byTable.map((t) => [
        t.table,
        t.placement,
        (t.rows / total.customers).toFixed(2),
        each(t.payload),
        `${records ? Math.round((100 * t.payload) / records) : 0} %`,
        each(t.bytes),
      ]),
      ["all", "", "", each(records), "100 %", each(byTable.reduce((n, t) => n + t.bytes, 0))],
    ],
    ["left", "left", "right", "right", "right", "right"],
  );
  const fleetCustomers = PROJECTION.fleetPartners * PROJECTION.fleetCustomers;
  const directoryEach = perCustomer.directory;
  console.log(
    `One directory database holds ${count(customersPerDatabase(directoryEach))} customer organisations at ${Math.round(directoryEach)} bytes each ` +
      `(${count(customersPerDatabase(directoryEach, { fill: 0.8 }))} kept at 80 %); ${count(fleetCustomers)} need ${count(databasesNeeded(fleetCustomers, directoryEach))} ` +
      `(${count(databasesNeeded(fleetCustomers, directoryEach, { fill: 0.8 }))} at 80 %), spread by a hash.`,
  );
  const session = byTable.find((t) => t.table === "auth_sessions");
  if (session?.rows) {
    const perSession = session.bytes / session.rows;
    const kept = (pruned: boolean) => kb(sessionBytes(perSession, { signInsPerYear: SIGN_INS_PER_YEAR, years: 5, pruned }));
    console.log(
      `A session weighs ${Math.round(perSession)} bytes here; a user who signs in again after a lapse ${SIGN_INS_PER_YEAR} times a year leaves ${kept(false)} of sessions after 5 years unpruned, ${kept(true)} pruned.`,
    );
  }

  // ── Each database ──
  console.log("\n== Each local database (page_count × page_size) ==");
  const partnersOn = new Map<string, number>();
  for (const p of fleet.placed) partnersOn.set(p.shard, (partnersOn.get(p.shard) ?? 0) + 1);
  printTable(
    ["database (bindings)", "before", "after", "grew", "fleet partners placed"],
    [...final.files].map(([file, size]) => {
      const bindings = names.get(file) ?? ["(unmatched)"];
      const shardsHere = bindings.filter((b) => b.startsWith(SHARD_PREFIX)).map(shardNameOf);
      const before = initial.files.get(file)?.bytes ?? 0;
      return [
        bindings.join(" = "),
        mb(before),
        mb(size.bytes),
        mb(size.bytes - before),
        shardsHere.map((s) => partnersOn.get(s) ?? 0).reduce((a, b) => a + b, 0),
      ];
    }),
    ["left", "right", "right", "right", "right"],
  );
  console.log(`R2 mail bodies: ${final.mail.count} objects, ${mb(final.mail.bytes)} (kept 30 days)`);

  // ── Projection ──
  const footprint: Footprint = { perPartner: perPartner.shard, perCustomer: perCustomer.shard, perBooking: perBooking.shard };
  const directoryFootprint: Footprint = { perPartner: perPartner.directory, perCustomer: perCustomer.directory, perBooking: perBooking.directory };
  const shape = { customers: PROJECTION.fleetCustomers, bookingsPerCustomerYear: PROJECTION.bookingsPerCustomerYear };
  const bytes = partnerBytes(footprint, shape);
  console.log(
    `\n== Projection (assumed: ${PROJECTION.bookingsPerCustomerYear} bookings per customer per year; a shard is full at 10 GB = ${SHARD_BYTES.toExponential()} bytes, or kept at 80 %) ==`,
  );
  console.log(
    `A partner of ${count(shape.customers)} customers: ${mb(bytes.once)} once (itself and its customers), then ${mb(bytes.perYear)} a year of bookings, on its shard.`,
  );
  printTable(
    ["partner of", "partner-years per 10 GB shard", "at 80 % full"],
    [100, shape.customers].map((customers) => {
      const s = { ...shape, customers };
      return [`${count(customers)} customers`, count(partnerYearsPerShard(footprint, s)), count(partnerYearsPerShard(footprint, s, { fill: 0.8 }))];
    }),
    ["left", "right", "right"],
  );
  printTable(
    [`${count(PROJECTION.fleetPartners)} partners × ${count(shape.customers)} customers`, "shard data", "shards (10 GB)", "shards at 80 %", "directory"],
    [1, 3, 5].map((years) => [
      `after ${years} year${years > 1 ? "s" : ""}`,
      gb(fleetBytes(footprint, shape, PROJECTION.fleetPartners, years)),
      count(shardsNeeded(footprint, shape, PROJECTION.fleetPartners, years)),
      count(shardsNeeded(footprint, shape, PROJECTION.fleetPartners, years, { fill: 0.8 })),
      gb(fleetBytes(directoryFootprint, shape, PROJECTION.fleetPartners, years)),
    ]),
    ["left", "right", "right", "right", "right"],
  );

  // ── D1 calls and depth, and the latency model ──
  console.log("\n== D1 calls and sequential round trips of a fleet customer and partner (warm caches, fewest seen; Server-Timing) ==");
  const perShard = fleet.shards;
  const screenNames = perShard[0]!.screens.map((s) => s.name);
  printTable(
    ["request", ...perShard.map((r) => `on ${r.shard}: calls`), "sequential"],
    screenNames.map((name) => {
      const each = perShard.map((r) => r.screens.find((s) => s.name === name)!.figures);
      return [name, ...each.map((f) => f.calls), Math.max(...each.map((f) => f.depth))];
    }),
    ["left", ...perShard.map(() => "right" as const), "right"],
  );
  console.log(
    `\n== Modelled D1 time per request (ms): sequential round trips × RTT edge↔database; near ${RTT.near}, same continent ${RTT.continent}, far ${RTT.far}; ` +
      `replicas serve reads near, writes go to the primary. Single DB: users evenly over ${REGIONS} regions, ${Math.round(100 / REGIONS)} % near; ` +
      `shards by region: ${Math.round((1 - FAR_FROM_SHARD) * 100)} % of a partner's users near its shard ==`,
  );
  const rows = screenNames.map((name) => {
    const s = perShard[0]!.screens.find((x) => x.name === name)!;
    const depth = Math.max(...perShard.map((r) => r.screens.find((x) => x.name === name)!.figures.depth));
    const at = (position: "near" | "continent" | "far", replicas = false) => requestMs(depth, s.kind, position, { replicas });
    const avg = (shares: ReturnType<typeof singleDatabaseShares>, replicas = false) => Math.round(averageMs(depth, s.kind, shares, { replicas }));
    return [
      name,
      depth,
      at("near"),
      at("continent"),
      at("far"),
      at("far", true),
      avg(singleDatabaseShares(REGIONS)),
      avg(singleDatabaseShares(REGIONS), true),
      avg(shardedShares(FAR_FROM_SHARD)),
      avg(shardedShares(FAR_FROM_SHARD), true),
    ];
  });
  printTable(["request", "seq", "near", "continent", "far", "far+replicas", "single DB avg", "single+replicas", "shards avg", "shards+replicas"], rows, [
    "left",
    ...Array.from({ length: 9 }, () => "right" as const),
  ]);
}

main()
  .then(() => process.exit(0))
  .catch((err) => {
    console.error(`\nSCALE SIMULATION FAILED: ${err instanceof BenchError ? err.message : (err?.stack ?? err)}`);
    process.exit(1);
  });
