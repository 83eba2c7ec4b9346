/**
 * The API answers a bad value in the product's words (contract/zod-messages.ts):
 * every endpoint's schemas (path, query, body, a form's data) walked with
 * values of every wrong kind, and real calls as a partner and a customer on
 * both shards, whose envelopes name each field with a clear text.
 */
import { describe, expect, it } from "vitest";
import { DEMO } from "../../db/seed";
import { MESSAGES } from "../../contract/messages";
import "../../worker/index";
import { endpoints } from "../../worker/http/endpoint";
import { messagesFor, ZOD_DEFAULT } from "../zod-walk";
import { apiAs } from "./auth";
import { json } from "./helpers";

const { northwind, contoso } = DEMO;

/** The whole answer as text: every message it carries, top level and fields. */
async function answerText(res: Response) {
  const body = await json<{ error?: { message: string; fields?: Record<string, string> } }>(res);
  return { body, text: JSON.stringify(body) };
}

describe("validation texts of every endpoint", () => {
  it("no endpoint's schema answers a bad value with zod's default text", () => {
    expect(endpoints.length).toBeGreaterThan(50);
    const leaks = endpoints.flatMap((e) =>
      [e.params, e.query, e.body, e.form?.data].flatMap((schema) =>
        schema
          ? messagesFor(schema)
              .filter(({ message }) => ZOD_DEFAULT.test(message))
              .map(({ where, message }) => `${e.method} ${e.fullPath} ${where}: ${message}`)
          : [],
      ),
    );
    expect(leaks.slice(0, 20)).toEqual([]);
  });

  it("a currency that is not offered: 400 with the field in the product's words (Northwind, first shard)", async () => {
    const res = await apiAs("partnerAdmin", { accountId: northwind.id }).get(`/v1/admin/accounts/${northwind.id}/currency-change?currency=XXX`);
    expect(res.status).toBe(400);
    const { body, text } = await answerText(res);
    expect(body.error?.fields).toEqual({ currency: MESSAGES.chooseOption });
    expect(body.error?.message).toBe(MESSAGES.checkFields);
    expect(text).not.toMatch(ZOD_DEFAULT);
  });

  it("a time zone of the wrong kind and a field the body does not take (Contoso, second shard)", async () => {
    const res = await apiAs("otherPartnerAdmin", { accountId: contoso.id }).put(`/v1/admin/accounts/${contoso.id}/time-zone`, { timeZone: 12, colour: "red" });
    expect(res.status).toBe(400);
    const { body, text } = await answerText(res);
    expect(body.error?.fields?.timeZone).toBeTruthy();
    expect(text).not.toMatch(ZOD_DEFAULT);
  });

  it("a path id that is not one and a list of the wrong kind, as a customer", async () => {
    const res = await apiAs("customerAdmin", { accountId: DEMO.customers.fabrikam.id }).get(`/v1/accounts/not-an-id`);
    const { text } = await answerText(res);
    expect([400, 404]).toContain(res.status);
    expect(text).not.toMatch(ZOD_DEFAULT);
  });

  it("without a token the bad value is not read: 401 first", async () => {
    const res = await apiAs(null).get(`/v1/admin/accounts/${northwind.id}/currency-change?currency=XXX`);
    expect(res.status).toBe(401);
  });
});
