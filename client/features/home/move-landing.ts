import type { AccountDto } from "../../../contract/accounts";

/** The account did not reach its new partner while Home waited (the move goes on; Home shows it on a later visit). */
export class MoveNotLandedError extends Error {}

export type Waiting = { intervalMs?: number; attempts?: number; sleep?: (ms: number) => Promise<void> };

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * After a link answered 202 (the partner is on another shard: the account
 * moves through the Queue, docs/decisions/2026-11-27-customer-relink.md),
 * reads the account every `intervalMs` until its partner is no longer
 * `from`; answers the account as it landed, or throws MoveNotLandedError
 * after `attempts` reads.
 */
export async function untilPartnerChanged(
  read: () => Promise<AccountDto>,
  from: string | null,
  { intervalMs = 1000, attempts = 90, sleep = pause }: Waiting = {},
): Promise<AccountDto> {
  for (let i = 0; i < attempts; i++) {
    await sleep(intervalMs);
    const account = await read();
    if (account.parentAccountId !== from) return account;
  }
  throw new MoveNotLandedError("The account has not reached its new partner yet");
}
