/**
 * A new customer made on a partner's domain: a new person signs up and
 * confirms there, then onboards through that domain's session (POST
 * v1/accounts), so the organisation is that partner's customer.
 */
import { expect } from "vitest";
import { apiAs, authPost, cookieOf, freshEmail, getWithCookie, lastMailTo, linkToken, multipart, NEW_PASSWORD } from "./auth";
import { json } from "./helpers";

/** The new customer's id, its admin's API on that domain and the admin's bearer token. */
export async function customerOnDomain(host: string, data: Record<string, unknown>) {
  const email = freshEmail();
  expect((await authPost("/sign-up/email", { email, password: NEW_PASSWORD, name: "Hana Harbour" }, { host })).status).toBe(200);
  const token = linkToken((await lastMailTo(email, "Confirm"))!.text, "/verify-email");
  const confirmed = await authPost("/confirm-email", { token, password: NEW_PASSWORD }, { host });
  expect(confirmed.status).toBe(200);
  const bearer = (await json<{ token: string }>(await getWithCookie(cookieOf(confirmed), "/api/auth/token", { host }))).token;
  const res = await apiAs(bearer, { host }).post("/v1/accounts", multipart({ ...data, type: "customer" }));
  expect(res.status).toBe(201);
  const id = (await json<{ id: string }>(res)).id;
  return { id, api: apiAs(bearer, { host, accountId: id }), bearer };
}
