import { describe, expect, it } from "vitest";
import type { AccountDto } from "../../contract/accounts";
import { MoveNotLandedError, untilPartnerChanged } from "../../client/features/home/move-landing";

const NORTHWIND = "de000000-0001-4000-8000-000000000001";
const CONTOSO = "de000000-0001-4000-8000-000000000002";
const account = (parentAccountId: string | null) => ({ id: "c1", parentAccountId }) as AccountDto;

/** Reads answering the given partners in turn (the last one from then on), counting the reads and the waits. */
function reads(...partners: (string | null)[]) {
  const seen = { reads: 0, waits: [] as number[] };
  const read = async () => account(partners[Math.min(seen.reads++, partners.length - 1)] ?? null);
  const sleep = async (ms: number) => void seen.waits.push(ms);
  return { seen, read, sleep };
}

describe("waiting for a customer's move to its new partner (a link answered 202)", () => {
  it("reads the account, a pause before each read, until its partner is no longer the old one, and answers it as it landed", async () => {
    const { seen, read, sleep } = reads(NORTHWIND, NORTHWIND, CONTOSO);
    const landed = await untilPartnerChanged(read, NORTHWIND, { intervalMs: 250, sleep });
    expect(landed.parentAccountId).toBe(CONTOSO);
    expect(seen.reads).toBe(3);
    expect(seen.waits).toEqual([250, 250, 250]);
  });

  it("takes an unlinked customer's first partner as the change", async () => {
    const { seen, read, sleep } = reads(null, CONTOSO);
    expect((await untilPartnerChanged(read, null, { sleep })).parentAccountId).toBe(CONTOSO);
    expect(seen.reads).toBe(2);
  });

  it("gives up after its attempts, saying the move has not landed yet", async () => {
    const { seen, read, sleep } = reads(NORTHWIND);
    await expect(untilPartnerChanged(read, NORTHWIND, { attempts: 4, sleep })).rejects.toBeInstanceOf(MoveNotLandedError);
    expect(seen.reads).toBe(4);
  });
});
