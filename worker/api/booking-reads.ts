/**
 * A booking's first reads started beside the account's guard (an endpoint's
 * `early`, worker/http/endpoint.ts): the booking context's batch on the
 * request's shard and the shards the delivery index hints, for the customer
 * X-Account-Id names and the partner its cached routing row names (no call
 * on a warm isolate). The handler's context answers from them only when they
 * were read for what it then asks (the same customer, partner, workout,
 * variant, booker, window and day: worker/data/bookable.ts
 * `StartedContext`); the guard still decides, and a miss reads again.
 */
import type { Context } from "hono";
import type { z } from "zod";
import type { CreateBooking } from "../../contract/bookings";
import { slotsAsked, type StartedContext } from "../data/bookable";
import { requestWindow } from "../data/availability";
import { startBookingAcross } from "../data/booking-times";
import type { AppEnv } from "../env";
import type { EndpointSpec } from "../http/endpoint";
import { partnerShards } from "../tenant/scope";
import { accountPlacement } from "../tenant/shard";
import { UUID } from "./move-reads";
import { firstSeenFull, tryTurn, waitTurn } from "../data/full-slots";
import { onRequestEnd } from "../http/request-end";

const started = new WeakMap<Context<AppEnv>, Promise<StartedContext | undefined>>();

export const earlyBooking: EndpointSpec["early"] = (c, { body }, caller) => {
  const given = body as z.output<typeof CreateBooking> | undefined;
  const accountId = c.req.header("X-Account-Id")?.trim();
  if (!given?.workoutId || !accountId || !UUID.test(accountId) || !c.get("shard")) return;
  const asked = { variantId: given.variantId, bookerId: caller.user.id, window: requestWindow(given.sessions), slotIds: slotsAsked(given) };
  const reads = accountPlacement(c.get("directory"), accountId).then((placed) =>
    // A slot this isolate just saw fill up for the partner's customers, or one it has AT_ONCE bookings at: the handler refuses or waits its turn, then reads.
    placed?.parentId && !(given.mode === "slots" && firstSeenFull(placed.parentId, given.sessions) >= 0) && tookTurn(c, placed.parentId, given)
      ? startBookingAcross(c.get("db"), partnerShards(c), { customerId: accountId, partnerId: placed.parentId }, given.workoutId, asked)
      : undefined,
  );
  reads.catch(() => undefined);
  started.set(c, reads);
};

/** Takes this request's turn on the slots it names (worker/data/full-slots.ts), given back when it ends; false when it must wait for one (a request of times always has one). */
function tookTurn(c: Context<AppEnv>, partnerId: string, given: z.output<typeof CreateBooking>): boolean {
  if (given.mode !== "slots") return true;
  const turn = tryTurn(partnerId, slotsAsked(given));
  if (!turn) return false;
  turns.add(c);
  onRequestEnd(c, turn);
  return true;
}

const turns = new WeakSet<Context<AppEnv>>();

/**
 * This request's turn on the slots it books into: taken beside the guard with
 * its early reads, else waited for now (worker/data/full-slots.ts `waitTurn`)
 * and given back when the request ends.
 */
export async function bookingTurn(c: Context<AppEnv>, partnerId: string | null, body: z.output<typeof CreateBooking>): Promise<void> {
  if (body.mode !== "slots" || !partnerId || turns.has(c)) return;
  onRequestEnd(c, await waitTurn(partnerId, body.sessions));
}

/** The reads `earlyBooking` started for this request, if any (a failure reads nothing: the context reads again). */
export const startedBooking = (c: Context<AppEnv>): Promise<StartedContext | undefined> =>
  (started.get(c) ?? Promise.resolve(undefined)).catch(() => undefined);
