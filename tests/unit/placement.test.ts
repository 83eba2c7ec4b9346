import { describe, expect, it } from "vitest";
import { accounts, customDomains, jobs, users } from "../../db/schema";
import { PLACEMENT, placementOf, schemaTables } from "../../worker/d1/placement";

describe("where each table lives (worker/d1/placement.ts)", () => {
  it("places every table of db/schema, and only those", () => {
    const tables = schemaTables();
    expect(tables.length).toBeGreaterThan(40);
    expect(tables.filter((t) => placementOf(t) === undefined)).toEqual([]);
    expect(Object.keys(PLACEMENT).sort()).toEqual(tables);
  });

  it("keeps identity and routing in the directory and a partner's data on its shard", () => {
    expect(placementOf("auth_users")).toBe("directory");
    expect(placementOf("invites")).toBe("directory");
    expect(placementOf(jobs)).toBe("shard");
    expect(placementOf("mail_outbox")).toBe("shard");
    expect(placementOf(accounts)).toBe("both");
    expect(placementOf(users)).toBe("both");
    // The partner's look and connected domains: the directory's rows, and a copy on the partner's shard for its mail.
    expect(placementOf(customDomains)).toBe("both");
    expect(placementOf("stylings")).toBe("both");
    expect(placementOf("no_such_table")).toBeUndefined();
  });
});
