import { describe, expect, it } from "vitest";
import { z } from "zod";
import { MESSAGES } from "../../contract/messages";
import { fieldsFromIssues } from "../../contract/errors";
import { enumOf } from "../../contract/forms";
import { translateApiMessage } from "../../client/lib/api-messages";
import { messagesFor, schemasWithin, ZOD_DEFAULT } from "../zod-walk";

/** Every module of contract/ (each exports schemas the API and the forms parse with). */
const modules = import.meta.glob<Record<string, unknown>>("../../contract/*.ts", { eager: true });

const contractSchemas = Object.entries(modules).flatMap(([file, exports]) =>
  Object.entries(exports)
    .filter(([, value]) => schemasWithin(value).length > 0)
    .map(([name, value]) => ({ name: `${file.replace(/^.*\//, "")} ${name}`, value })),
);

describe("zod's issues in the product's words", () => {
  it("finds the contract's schemas", () => {
    expect(contractSchemas.length).toBeGreaterThan(100);
  });

  it("no schema of the contract answers a bad value with zod's default text", () => {
    const leaks = contractSchemas.flatMap(({ name, value }) =>
      messagesFor(value)
        .filter(({ message }) => ZOD_DEFAULT.test(message))
        .map(({ where, message }) => `${name}: ${where}: ${message}`),
    );
    expect(leaks.slice(0, 20)).toEqual([]);
  });

  it.each([
    ["an option not offered", z.object({ currency: z.enum(["USD", "GBP", "CAD"]) }), { currency: "XXX" }, { currency: MESSAGES.chooseOption }],
    [
      "an option not offered, by a form's enumeration",
      z.object({ currency: enumOf(["USD", "GBP", "CAD"]) }),
      { currency: "XXX" },
      { currency: MESSAGES.chooseOption },
    ],
    ["an option left empty", z.object({ currency: enumOf(["USD", "GBP", "CAD"]) }), { currency: "" }, { currency: MESSAGES.required }],
    ["a missing value", z.object({ name: z.string() }), {}, { name: MESSAGES.required }],
    ["an empty required text", z.object({ name: z.string().min(1) }), { name: "" }, { name: MESSAGES.required }],
    ["text where a number goes", z.object({ seats: z.number() }), { seats: "two" }, { seats: MESSAGES.notNumber }],
    ["a fraction where a whole number goes", z.object({ seats: z.int() }), { seats: 1.5 }, { seats: MESSAGES.notWholeNumber }],
    ["a number where text goes", z.object({ name: z.string() }), { name: 4 }, { name: MESSAGES.notText }],
    ["a text too short", z.object({ name: z.string().min(3) }), { name: "ab" }, { name: "Must be at least 3 characters" }],
    ["a text too long", z.object({ name: z.string().max(20) }), { name: "x".repeat(21) }, { name: "Must be at most 20 characters" }],
    ["a number too small", z.object({ n: z.number().min(1) }), { n: 0 }, { n: "Must be at least 1" }],
    ["a number not above its bound", z.object({ n: z.number().positive() }), { n: 0 }, { n: "Must be more than 0" }],
    ["a number too big", z.object({ n: z.number().max(10) }), { n: 11 }, { n: "Must be at most 10" }],
    ["an empty list", z.object({ ids: z.array(z.string()).min(1) }), { ids: [] }, { ids: MESSAGES.noItems }],
    ["a list too long", z.object({ ids: z.array(z.string()).max(2) }), { ids: ["a", "b", "c"] }, { ids: "No more than 2 items" }],
    ["a malformed email", z.object({ email: z.email() }), { email: "a@" }, { email: MESSAGES.invalidEmail }],
    ["a malformed link", z.object({ url: z.url() }), { url: "nope" }, { url: MESSAGES.invalidUrl }],
    ["a malformed id", z.object({ id: z.uuid() }), { id: "1" }, { id: MESSAGES.invalidUuid }],
    ["a malformed day", z.object({ day: z.iso.date() }), { day: "2026-2-30" }, { day: MESSAGES.invalidDate }],
    ["a malformed time", z.object({ at: z.iso.datetime() }), { at: "soon" }, { at: MESSAGES.invalidDateTime }],
    ["a field the schema does not take", z.strictObject({ name: z.string() }), { name: "a", extra: 1 }, { extra: MESSAGES.unknownField }],
    ["none of a union's shapes", z.object({ v: z.union([z.string(), z.number()]) }), { v: true }, { v: MESSAGES.notAccepted }],
    ["a refinement without its own message", z.object({ v: z.string().refine((s) => s === "ok") }), { v: "no" }, { v: MESSAGES.notAccepted }],
  ])("%s", (_, schema, value, fields) => {
    const result = schema.safeParse(value);
    expect(result.success).toBe(false);
    expect(fieldsFromIssues(result.error!.issues)).toEqual(fields);
  });

  it("keeps a field's own message", () => {
    const result = z.object({ name: z.string().min(1, { error: "Title is required" }) }).safeParse({ name: "" });
    expect(fieldsFromIssues(result.error!.issues)).toEqual({ name: "Title is required" });
  });

  it("the client reads a filled message back in the reader's language, the more specific text first", () => {
    expect(translateApiMessage("Must be at least 3 characters", "enGB")).toBe("Must be at least 3 characters");
    expect(translateApiMessage("Must be at least 3", "enAU")).toBe("Must be at least 3");
    expect(translateApiMessage("Not a member of your organization", "enGB")).toBe("Not a member of your organisation");
    expect(translateApiMessage("Something the API never says", "enGB")).toBe("Something the API never says");
  });
});
