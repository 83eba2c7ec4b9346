import { describe, expect, it } from "vitest";
import { groupByProvider } from "../../client/app/shell/organisation-groups";

const NORTHWIND = "de000000-0001-4000-8000-000000000001";
const CONTOSO = "de000000-0001-4000-8000-000000000002";
const OTHER_NORTHWIND = "de000000-0001-4000-8000-0000000000ff";

const account = (name: string, type: "partner" | "customer", partnerName: string | null, partnerId: string | null = null) => ({
  name,
  type,
  partnerName,
  partnerId,
});

describe("the organisation switcher's groups", () => {
  it("puts the person's partner accounts first, then each provider's customers by provider name, then those with none", () => {
    const accounts = [
      account("Aster Works", "customer", "Northwind Learning", NORTHWIND),
      account("Birch Clinic", "customer", "Contoso Skills", CONTOSO),
      account("Cedar Coaching", "partner", null),
      account("Dune Co", "customer", null),
      account("Elm Ltd", "customer", "Northwind Learning", NORTHWIND),
    ];
    expect(groupByProvider(accounts)).toEqual([
      { kind: "partners", providerId: null, provider: null, accounts: [accounts[2]] },
      { kind: "provider", providerId: CONTOSO, provider: "Contoso Skills", accounts: [accounts[1]] },
      { kind: "provider", providerId: NORTHWIND, provider: "Northwind Learning", accounts: [accounts[0], accounts[4]] },
      { kind: "none", providerId: null, provider: null, accounts: [accounts[3]] },
    ]);
  });

  it("gives two providers of the same name a group each, both named, never one group for both", () => {
    const accounts = [
      account("Aster Works", "customer", "Northwind Learning", NORTHWIND),
      account("Fir Foods", "customer", "Northwind Learning", OTHER_NORTHWIND),
      account("Elm Ltd", "customer", "Northwind Learning", NORTHWIND),
    ];
    const groups = groupByProvider(accounts);
    expect(groups.map((g) => [g.providerId, g.provider, g.accounts.map((a) => a.name)])).toEqual([
      [NORTHWIND, "Northwind Learning", ["Aster Works", "Elm Ltd"]],
      [OTHER_NORTHWIND, "Northwind Learning", ["Fir Foods"]],
    ]);
  });

  it("leaves out empty groups", () => {
    const only = [account("Fabrikam Manufacturing", "customer", "Northwind Learning", NORTHWIND)];
    expect(groupByProvider(only)).toEqual([{ kind: "provider", providerId: NORTHWIND, provider: "Northwind Learning", accounts: only }]);
    expect(groupByProvider([])).toEqual([]);
  });
});
