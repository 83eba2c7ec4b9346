import { describe, expect, it } from "vitest";
import { groupByProvider } from "../../client/app/shell/organisation-groups";

const account = (name: string, type: "partner" | "customer", partnerName: string | null) => ({ name, type, partnerName });

describe("the organisation switcher's groups", () => {
  it("puts the person's partner accounts first, then each provider's customers by provider name, then those with none", () => {
    const accounts = [
      account("Aster Works", "customer", "Northwind Learning"),
      account("Birch Clinic", "customer", "Contoso Skills"),
      account("Cedar Coaching", "partner", null),
      account("Dune Co", "customer", null),
      account("Elm Ltd", "customer", "Northwind Learning"),
    ];
    expect(groupByProvider(accounts)).toEqual([
      { kind: "partners", provider: null, accounts: [accounts[2]] },
      { kind: "provider", provider: "Contoso Skills", accounts: [accounts[1]] },
      { kind: "provider", provider: "Northwind Learning", accounts: [accounts[0], accounts[4]] },
      { kind: "none", provider: null, accounts: [accounts[3]] },
    ]);
  });

  it("leaves out empty groups", () => {
    const only = [account("Fabrikam Manufacturing", "customer", "Northwind Learning")];
    expect(groupByProvider(only)).toEqual([{ kind: "provider", provider: "Northwind Learning", accounts: only }]);
    expect(groupByProvider([])).toEqual([]);
  });
});
