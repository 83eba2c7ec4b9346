import { describe, expect, it } from "vitest";
import { inviteLink } from "../../worker/domain/accounts";

describe("the invitation mail's link", () => {
  it("opens sign-up on the partner's origin with the invite", () => {
    expect(inviteLink("http://learn.northwind.test:5173", "acc-1", "inv-2")).toBe("http://learn.northwind.test:5173/signup?invite=acc-1.inv-2");
  });

  it("carries Clerk's invitation ticket, encoded, for Clerk's sign-up to fix and verify the invited address", () => {
    const link = new URL(inviteLink("https://app.techfit.example", "acc-1", "inv-2", "eyJ+a/b=.c"));
    expect(link.pathname).toBe("/signup");
    expect(link.searchParams.get("invite")).toBe("acc-1.inv-2");
    expect(link.searchParams.get("__clerk_ticket")).toBe("eyJ+a/b=.c");
  });
});
