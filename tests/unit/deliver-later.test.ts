import { describe, expect, it } from "vitest";
import { deliverLater } from "../../worker/flows/queue";

/** A FLOW_QUEUE that keeps what it is sent. */
function queue() {
  const sent: unknown[] = [];
  return { sent, env: { FLOW_QUEUE: { sendBatch: async (m: { body: unknown }[]) => void sent.push(...m.map((x) => x.body)) } as unknown as Queue } };
}

describe("the delivery copy's step after a booking or a move", () => {
  it("is not sent for a job its own partner delivers (no copy on another shard to bring up to date)", async () => {
    const q = queue();
    await deliverLater(q.env, "first", { id: "job-1", partner: { id: "northwind" }, deliveryPartner: { id: "northwind" } });
    expect(q.sent).toEqual([]);
  });

  it("is sent for a job another partner delivers, and when the job was not read", async () => {
    const q = queue();
    await deliverLater(q.env, "first", { id: "job-2", partner: { id: "northwind" }, deliveryPartner: { id: "contoso" } });
    await deliverLater(q.env, "first", { id: "job-3", deliveryPartner: "unknown" });
    expect(q.sent).toEqual([
      { kind: "deliver", shard: "first", jobId: "job-2" },
      { kind: "deliver", shard: "first", jobId: "job-3" },
    ]);
  });

  it("is not sent for a job without a delivery partner", async () => {
    const q = queue();
    await deliverLater(q.env, "first", { id: "job-4", partner: { id: "northwind" }, deliveryPartner: null });
    expect(q.sent).toEqual([]);
  });
});
