/**
 * Slots this isolate saw fill up, remembered for a moment: a rush of
 * bookings on a few slots (a new workout's first dates, a popular time)
 * refuses the attempts that name a slot just filled without reading the
 * booking's context for each (docs/decisions/2026-11-27-slots-seen-full.md).
 *
 * - A slot is marked by the booking whose batch took its last seat: the
 *   seat's update answers whether the slot is now full (`takeSeat`).
 * - Every statement that gives a seat back forgets it at once on this
 *   isolate (`freeSeat`, the away holds' release). Another isolate may still
 *   refuse it for at most FULL_FOR_MS; the options and slot lists always
 *   read the database.
 * - Only a refusal is ever answered from here. Acceptance is decided by the
 *   booking's batch alone, whose seat update fails on a full slot.
 */
import { isolateCache } from "../http/isolate-cache";

/** How long a slot seen full is refused without a read. */
export const FULL_FOR_MS = 2_000;

/** Per slot, the partners whose customers' bookings saw it fill, and when. */
const seenFull = isolateCache<string, Map<string, number>>(5_000);

/** The slot's last seat was taken (at `now`) by a booking of a customer of `partnerId`. */
export function sawFull(partnerId: string, slotId: string, now = Date.now()): void {
  const by = seenFull.get(slotId) ?? new Map<string, number>();
  by.set(partnerId, now);
  seenFull.set(slotId, by);
}

/** A seat of the slot was given back: it is not refused from here any more, for anyone. */
export function seatFreed(slotId: string): void {
  seenFull.delete(slotId);
}

/**
 * The index of the first session choice naming a slot that a booking of a
 * customer of the same partner (`partnerId`) saw fill within FULL_FOR_MS,
 * else -1. Another partner's customers are answered by the database: what
 * one tenant's bookings saw is never another's answer.
 */
export function firstSeenFull(partnerId: string, sessions: readonly { slotId?: string }[], now = Date.now()): number {
  return sessions.findIndex((s) => {
    const at = s.slotId ? seenFull.get(s.slotId)?.get(partnerId) : undefined;
    if (at === undefined) return false;
    if (now - at < FULL_FOR_MS) return true;
    seenFull.get(s.slotId!)?.delete(partnerId);
    return false;
  });
}

/** At most this many bookings of one isolate read and write for one slot at once; the others wait their turn. */
export const AT_ONCE = 4;
/**
 * How often a booking waiting its turn looks again, on its own timer (a
 * request may not be woken by another's): after 2 ms, then twice as long each
 * time up to 16 ms, so a long wait costs a few dozen wake-ups of CPU, not hundreds.
 */
const FIRST_LOOK_MS = 2;
const LAST_LOOK_MS = 16;
/** The longest a booking waits its turn before going on anyway. */
const MAX_WAIT_MS = 3_000;

/**
 * Bookings holding a turn, per partner whose customers book and slot: like
 * the slots seen full, what one tenant's customers do is never another's
 * wait (a customer of another partner naming the slot waits among its own).
 */
const busy = new Map<string, number>();
const turnKey = (partnerId: string, slotId: string) => `${partnerId} ${slotId}`;

/** A turn for a customer of `partnerId` on every slot named, if none has AT_ONCE such bookings of this isolate at it: its release (once), else null. */
export function tryTurn(partnerId: string, slotIds: readonly string[]): (() => void) | null {
  const keys = slotIds.map((id) => turnKey(partnerId, id));
  if (keys.some((key) => (busy.get(key) ?? 0) >= AT_ONCE)) return null;
  for (const key of keys) busy.set(key, (busy.get(key) ?? 0) + 1);
  let done = false;
  return () => {
    if (done) return;
    done = true;
    for (const key of keys) {
      const left = (busy.get(key) ?? 1) - 1;
      if (left > 0) busy.set(key, left);
      else busy.delete(key);
    }
  };
}

/**
 * Waits for a turn on the slots a booking names (`tryTurn`): a rush on a
 * slot then reads and writes AT_ONCE bookings at a time on this isolate, and
 * those waiting see the slot full (`firstSeenFull`, for the customers of
 * `partnerId`) once one of them took its last seat, and are refused without
 * a read. Answers the release (a no-op when the slot was seen full, or after
 * MAX_WAIT_MS without a turn: the booking then goes on, and the database
 * decides as always).
 */
export async function waitTurn(partnerId: string, sessions: readonly { slotId?: string }[], now = () => Date.now()): Promise<() => void> {
  const slotIds = sessions.flatMap((s) => (s.slotId ? [s.slotId] : []));
  const since = now();
  let look = FIRST_LOOK_MS;
  for (;;) {
    if (firstSeenFull(partnerId, sessions) >= 0) return () => undefined;
    const turn = tryTurn(partnerId, slotIds);
    if (turn) return turn;
    if (now() - since >= MAX_WAIT_MS) return () => undefined;
    await new Promise((wake) => setTimeout(wake, look));
    look = Math.min(look * 2, LAST_LOOK_MS);
  }
}

/** How many bookings of customers of `partnerId` on this isolate hold a turn at the slot now (for tests and logs). */
export const turnsAt = (partnerId: string, slotId: string): number => busy.get(turnKey(partnerId, slotId)) ?? 0;
