// The rows of the bench's D1 table that cross shards
// (docs/decisions/2026-11-27-round-trips-across-shards.md): Contoso (weur-1)
// delivers Northwind's Power Automate workout (first shard); Northwind's
// customer Fabrikam books the times Contoso publishes on its shard, and
// Contoso confirms a request on its delivery copy. The same paths as
// tests/worker/d1-budget-shards.test.ts, measured against the built server
// (its flow queue runs the publish and deliver steps).
import { BenchError } from "./lib.mjs";

/**
 * The paths still deeper than their target, each held at what tests/worker/d1-budget-shards.test.ts measures (the decision says why).
 * None now: the confirm on a delivery copy writes the copy beside the job (docs/decisions/2026-11-27-copy-written-beside-its-job.md).
 */
export const HELD_OVER = {};

/** Polls `check` every 250 ms until it answers true (the flow queue's step has run), up to 20 s. */
async function until(what, check) {
  for (let i = 0; i < 80; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new BenchError(`D1 table: ${what} did not happen within 20 s (is the flow queue running?)`);
}

/**
 * Measures the cross-shard rows with the table's own `send`, `written` (a
 * write right after a read by its caller), `warmGet` and
 * `record` (`record(name, figures, calls)`; the row's depth target by its
 * kind, or HELD_OVER's). `headers(token, accountId)` makes an API caller's
 * headers, `page(cookie)` a browser's.
 */
export async function crossShardRows({ ids, send, written, warmGet, record, headers, page, tokens, cookies }) {
  const northwind = headers(tokens.northwind, ids.northwind);
  const contoso = headers(tokens.contoso, ids.contoso);
  const customer = headers(tokens.customer, ids.fabrikam);
  // Northwind hands the workout to Contoso (its delivery partners as they were are put back at the end); the publish step indexes it in the directory.
  const before = (await send("GET", `/v1/admin/workouts/${ids.automate}`, northwind)).body.deliveryPartners.map((p) => ({
    partnerTan: p.partnerTan,
    name: p.name,
    selectionPercent: p.selectionPercent,
    // A start date already past is in date either way (and may not be given again).
    startDate: p.startDate && p.startDate >= new Date().toISOString().slice(0, 10) ? p.startDate : undefined,
    endDate: p.endDate ?? undefined,
    visibleToPartners: p.visibleToPartners,
  }));
  await send("PUT", `/v1/admin/workouts/${ids.automate}`, northwind, { deliveryPartners: [{ partnerTan: ids.contosoTan }] });
  await until("the delivery index naming Contoso", async () =>
    (await send("GET", "/v1/admin/slots/workouts", contoso)).body.some((w) => w.id === ids.automate),
  );
  record("GET /v1/admin/slots/workouts (delivered, 2 shards)", await warmGet("/v1/admin/slots/workouts", contoso), 3);
  record("GET /v1/admin/availability?workoutId (another shard's)", await warmGet(`/v1/admin/availability?workoutId=${ids.automate}`, contoso), 4);
  record("GET /v1/admin/slots?workoutId (another shard's)", await warmGet(`/v1/admin/slots?workoutId=${ids.automate}`, contoso), 4);
  const options = await warmGet(`/v1/bookings/options/${ids.automate}`, customer);
  const sessions = options.body.sessions.map((s) => s.id);

  let day = Date.UTC(2037, 0, 1);
  const at = (d, h = 9) => new Date(d + h * 3_600_000).toISOString();
  const nextDays = () => {
    const d = (day += (sessions.length + 1) * 86_400_000);
    return sessions.map((_, i) => d + i * 86_400_000);
  };
  const publish = async (d, sessionId) => written("POST", "/v1/admin/slots", contoso, { workoutId: ids.automate, sessionId, startsAt: at(d), capacity: 4 });
  const times = async () => {
    const days = nextDays();
    const slots = [];
    for (const [i, sessionId] of sessions.entries()) slots.push({ sessionId, slotId: (await publish(days[i], sessionId)).body.id });
    return slots;
  };
  const request = () => nextDays().map((d, i) => ({ sessionId: sessions[i], times: [at(d)] }));
  const copyOf = (jobId) =>
    until("the delivery copy on Contoso's shard", async () => (await send("GET", "/v1/jobs?limit=100", contoso)).body.items.some((j) => j.id === jobId));

  await times(); // warm
  for (let round = 0; round < 2; round++) {
    const published = await publish(nextDays()[0], sessions[0]);
    record("POST /v1/admin/slots (another shard's workout)", published, 6);
    record("GET /v1/bookings/options/{id} (slots on another shard)", await warmGet(`/v1/bookings/options/${ids.automate}`, customer), 3);
    const booked = await written("POST", "/v1/bookings", customer, { workoutId: ids.automate, mode: "slots", sessions: await times() });
    record("POST /v1/bookings (into another shard's slots)", booked, 5);
    const asked = await written("POST", "/v1/bookings", customer, { workoutId: ids.automate, mode: "request", sessions: request() });
    await copyOf(asked.body.id);
    const confirm = asked.body.lines.map((l) => ({ lineId: l.id, time: l.requestedTimes[0] }));
    record("POST /v1/jobs/{id}/confirm (on a delivery copy)", await written("POST", `/v1/jobs/${asked.body.id}/confirm`, contoso, { lines: confirm }), 14);
  }
  record("GET /v1/jobs (delivering partner, with copies)", await warmGet("/v1/jobs", contoso), 3);
  record("SSR /jobs (delivering partner on another shard)", await warmGet("/jobs", page(cookies.contoso)), 5);
  // Northwind takes the workout back: the demo's delivery as the bench found it.
  await send("PUT", `/v1/admin/workouts/${ids.automate}`, northwind, { deliveryPartners: before });
}
