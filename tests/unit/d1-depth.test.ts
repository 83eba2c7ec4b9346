import { describe, expect, it } from "vitest";
import { newMeter, serverTiming, timed } from "../../worker/d1/metered";

/** A D1 call that answers after `ms`. */
const call = (ms = 5) => new Promise<void>((resolve) => setTimeout(resolve, ms));

describe("the D1 meter's sequential depth", () => {
  it("counts calls run side by side (Promise.all) once in depth, and each call in calls", async () => {
    const meter = newMeter();
    await Promise.all([timed(meter, () => call()), timed(meter, () => call(8)), timed(meter, () => call(2))]);
    expect(meter).toMatchObject({ calls: 3, depth: 1 });
  });

  it("counts calls run one after another once each in depth", async () => {
    const meter = newMeter();
    await timed(meter, () => call());
    await timed(meter, () => call());
    await timed(meter, () => call());
    expect(meter).toMatchObject({ calls: 3, depth: 3 });
  });

  it("a call started after one finished is a level deeper, even while a slower one still runs", async () => {
    const meter = newMeter();
    const slow = timed(meter, () => call(30));
    await timed(meter, () => call(1));
    // Started after the fast one finished: it may depend on its answer.
    await Promise.all([slow, timed(meter, () => call(1))]);
    await timed(meter, () => call(1));
    expect(meter).toMatchObject({ calls: 4, depth: 3 });
  });

  it("a failed call still counts", async () => {
    const meter = newMeter();
    await expect(timed(meter, () => Promise.reject(new Error("D1 down")))).rejects.toThrow("D1 down");
    await timed(meter, () => call());
    expect(meter).toMatchObject({ calls: 2, depth: 2 });
  });

  it("Server-Timing says both: N calls, D sequential", async () => {
    const meter = newMeter();
    await Promise.all([timed(meter, () => call()), timed(meter, () => call())]);
    await timed(meter, () => call());
    expect(serverTiming(meter)).toMatch(/^d1;desc="3 calls, 2 sequential";dur=\d+\.\d$/);
  });
});
