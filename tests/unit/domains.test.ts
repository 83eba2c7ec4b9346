import { describe, expect, it } from "vitest";
import { addCustomDomainSchema, checkDomainShape } from "../../contract/domains";
import { checkCustomDomain } from "../../worker/domain/public-suffix";
import { MESSAGES } from "../../contract/messages";

describe("custom domain rules (Domain)", () => {
  it.each([
    ["learn.northwind.com", "learn.northwind.com"],
    ["LEARN.Northwind.COM", "learn.northwind.com"],
    ["  learn.northwind.com  ", "learn.northwind.com"],
    ["learn.northwind.com.", "learn.northwind.com"],
    ["a.b.northwind.com", "a.b.northwind.com"],
    ["learn.northwind.co.uk", "learn.northwind.co.uk"],
    ["learn.northwind.com.au", "learn.northwind.com.au"],
    ["academy.northwind.io", "academy.northwind.io"],
    ["x-1.northwind.org", "x-1.northwind.org"],
  ])("accepts %j as %j", (input, uri) => {
    expect(checkCustomDomain(input)).toEqual({ ok: true, uri });
  });

  it.each([
    ["https://learn.northwind.com", MESSAGES.domainProtocol],
    ["http://learn.northwind.com/", MESSAGES.domainProtocol],
    ["ftp://learn.northwind.com", MESSAGES.domainProtocol],
    ["//learn.northwind.com", MESSAGES.invalidHost],
    ["northwind.com", MESSAGES.domainSubdomain],
    ["northwind.co.uk", MESSAGES.domainSubdomain],
    ["co.uk", MESSAGES.domainSubdomain],
    ["learn.northwind.notatld", MESSAGES.domainTld],
    ["learn.northwind.test", MESSAGES.domainTld],
    ["learn.northwind.localhost", MESSAGES.domainTld],
    ["learn northwind.com", MESSAGES.invalidHost],
    ["learn.northwind.com/path", MESSAGES.invalidHost],
    ["learn_x.northwind.com", MESSAGES.invalidHost],
    ["-learn.northwind.com", MESSAGES.invalidHost],
    ["learn..northwind.com", MESSAGES.invalidHost],
    ["learn.northwind.com:8080", MESSAGES.invalidHost],
    ["", MESSAGES.invalidHost],
  ])("refuses %j with %j", (input, message) => {
    expect(checkCustomDomain(input)).toEqual({ ok: false, message });
  });

  it.each([
    ["learn.northwind.test", { ok: true, uri: "learn.northwind.test" }],
    ["x.academy.test", { ok: true, uri: "x.academy.test" }],
    ["northwind.test", { ok: false, message: MESSAGES.domainSubdomain }],
    ["https://learn.northwind.test", { ok: false, message: MESSAGES.domainProtocol }],
  ])("with test TLDs allowed (development), %j gives %j", (input, expected) => {
    expect(checkCustomDomain(input, { allowTestTlds: true })).toEqual(expected);
  });

  it("the add schema applies the rules to uri and answers the normalised host", () => {
    expect(addCustomDomainSchema().parse({ uri: " Learn.Northwind.com " })).toEqual({ uri: "learn.northwind.com" });
    const bad = addCustomDomainSchema().safeParse({ uri: "northwind.com" });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]).toMatchObject({ path: ["uri"], message: MESSAGES.domainSubdomain });
    expect(addCustomDomainSchema().safeParse({ uri: "" }).error?.issues[0]?.message).toBe(MESSAGES.required);
    expect(addCustomDomainSchema({ allowTestTlds: true }).parse({ uri: "a.b.test", isSatellite: false })).toEqual({ uri: "a.b.test", isSatellite: false });
  });

  it("the browser's light check refuses the protocol, a bad host and a bare domain, and leaves the suffix to the Worker", () => {
    expect(checkDomainShape("https://learn.northwind.com")).toEqual({ ok: false, message: MESSAGES.domainProtocol });
    expect(checkDomainShape("learn_x.northwind.com")).toEqual({ ok: false, message: MESSAGES.invalidHost });
    expect(checkDomainShape("northwind.com")).toEqual({ ok: false, message: MESSAGES.domainSubdomain });
    expect(checkDomainShape("learn.northwind.test")).toEqual({ ok: false, message: MESSAGES.domainTld });
    expect(checkDomainShape(" Learn.Northwind.co.uk ")).toEqual({ ok: true, uri: "learn.northwind.co.uk" });
    // Only the full rule knows that co.uk is a public suffix.
    expect(checkDomainShape("northwind.co.uk").ok).toBe(true);
    expect(addCustomDomainSchema({ check: checkCustomDomain }).safeParse({ uri: "northwind.co.uk" }).error?.issues[0]?.message).toBe(MESSAGES.domainSubdomain);
  });
});
