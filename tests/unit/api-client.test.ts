import { afterEach, beforeEach, describe, expect, expectTypeOf, it, vi } from "vitest";
import type { CustomerList } from "../../contract/customers";
import type { PriceGroupDto } from "../../contract/groups";
import { api, ApiError, configureApi, fillPath } from "../../client/lib/api";
import { first } from "../present";

type Sent = { url: URL; method: string; headers: Headers; body: unknown };
let sent: Sent[] = [];
let answer: () => Response;

beforeEach(() => {
  sent = [];
  vi.stubGlobal("location", new URL("https://app.example/"));
  vi.stubGlobal("fetch", async (url: URL, init: RequestInit) => {
    sent.push({ url, method: init.method ?? "GET", headers: new Headers(init.headers), body: init.body ? JSON.parse(init.body as string) : undefined });
    return answer();
  });
  configureApi({ getToken: async () => "token-1", accountId: () => "acct-1" });
});
afterEach(() => vi.unstubAllGlobals());

const ok =
  (body: unknown, status = 200) =>
  () =>
    new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

describe("the typed /v1 client", () => {
  it("fills and encodes path parameters, sends the JSON body with the token and account, and returns the answer", async () => {
    answer = ok({ id: "g1", name: "Gold", description: null, customerCount: 0, updatedAt: "2026-01-01T00:00:00Z" });
    const group = await api.put("/v1/admin/price-groups/{id}", { params: { id: "a/b c" }, body: { name: "Gold" } });
    expect(first(sent).url.pathname).toBe("/v1/admin/price-groups/a%2Fb%20c");
    expect(first(sent).method).toBe("PUT");
    expect(first(sent).body).toEqual({ name: "Gold" });
    expect(first(sent).headers.get("Authorization")).toBe("Bearer token-1");
    expect(first(sent).headers.get("X-Account-Id")).toBe("acct-1");
    expect(group.name).toBe("Gold");
  });

  it("puts the query in the URL, leaving out what is not given", async () => {
    answer = ok({ items: [], nextCursor: null });
    await api.get("/v1/admin/dependents", { query: { search: "alp", sort: "name", order: "asc", limit: 20, cursor: undefined } });
    expect(first(sent).method).toBe("GET");
    expect(Object.fromEntries(first(sent).url.searchParams)).toEqual({ search: "alp", sort: "name", order: "asc", limit: "20" });
  });

  it("answers nothing for 204", async () => {
    answer = () => new Response(null, { status: 204 });
    await expect(api.delete("/v1/admin/teams/{id}", { params: { id: "t1" } })).resolves.toBeUndefined();
    expect(first(sent).method).toBe("DELETE");
  });

  it("throws the server's envelope as an ApiError with its fields", async () => {
    answer = ok({ error: { code: "invalid", message: "Invalid input", fields: { name: "Required" } } }, 400);
    const failure = await api.post("/v1/admin/price-groups", { body: { name: "" } }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).status).toBe(400);
    expect((failure as ApiError).fields).toEqual({ name: "Required" });
  });

  it("refuses a call whose path parameter is missing instead of calling a wrong URL", () => {
    expect(() => fillPath("/v1/admin/teams/{id}", {})).toThrow(/Missing path parameter id/);
    expect(() => fillPath("/v1/admin/teams/{id}", { id: "" })).toThrow(/Missing path parameter id/);
  });

  it("infers answers and checks paths, parameters and bodies at compile time", () => {
    expectTypeOf(api.get<"/v1/admin/price-groups">).returns.resolves.toEqualTypeOf<PriceGroupDto[]>();
    expectTypeOf(api.get<"/v1/admin/dependents">).returns.resolves.toEqualTypeOf<CustomerList>();
    expectTypeOf(api.delete<"/v1/admin/teams/{id}">).returns.resolves.toEqualTypeOf<void>();
    const typeChecks = () => {
      // @ts-expect-error: not a registered path
      void api.get("/v1/admin/price-group");
      // @ts-expect-error: GET only; this path takes no DELETE
      void api.delete("/v1/admin/dependents");
      // @ts-expect-error: the path parameter is required
      void api.put("/v1/admin/price-groups/{id}", { body: { name: "x" } });
      // @ts-expect-error: the body's name must be a string
      void api.post("/v1/admin/price-groups", { body: { name: 1 } });
      // @ts-expect-error: sort takes only the contract's values
      void api.get("/v1/admin/dependents", { query: { sort: "size" } });
      // @ts-expect-error: there is no call by a free path
      void api("/admin/anything");
      // @ts-expect-error: a multipart entry takes its schema's data, not any FormData
      void api.post("/v1/admin/homepage/media", { form: new FormData() });
    };
    expect(typeof typeChecks).toBe("function");
  });

  it("sends a multipart entry as its JSON data and the named files, leaving out files not given", async () => {
    answer = ok({ id: "u1" });
    const photo = new File(["png"], "me.png", { type: "image/png" });
    let form: FormData | undefined;
    vi.stubGlobal("fetch", async (_url: URL, init: RequestInit) => {
      form = init.body as FormData;
      return answer();
    });
    await api.post("/v1/users", { form: { data: { firstName: "Ada" }, files: { photo: null } }, accountId: null });
    expect(JSON.parse(form?.get("data") as string)).toEqual({ firstName: "Ada" });
    expect(form?.has("photo")).toBe(false);
    await api.post("/v1/users", { form: { data: { lastName: "Lovelace" }, files: { photo } } });
    expect(JSON.parse(form?.get("data") as string)).toEqual({ lastName: "Lovelace" });
    expect((form?.get("photo") as File).name).toBe("me.png");
  });

  it("the client exposes only the typed calls", () => {
    expect(Object.keys(api).sort()).toEqual(["delete", "get", "post", "put"]);
  });
});
