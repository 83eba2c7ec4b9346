/**
 * A signed-in page arrives as the app: the Worker renders the shell (top bar,
 * sidebar, breadcrumbs) with the screen (Home) or its skeleton in place of the
 * full-screen loader, and inlines the screen's first reads (TanStack Query's
 * dehydrated state, keyed as the client keys them) answered by the API itself.
 */
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import { SIGN_IN_PATHS } from "../../client/app/guarded";
import { DEMO, DEMO_USERS } from "../../db/seed";
import { apiAs, getWithCookie, newCustomer, signInCookie } from "./auth";
import { call } from "./helpers";

type Boot = {
  ssr?: boolean;
  skeleton?: boolean;
  route?: string;
  identity?: { token: string } | null;
  queries?: { queries: { queryKey: unknown[]; state: { data: unknown } }[] };
};

function bootData(html: string): Boot {
  const m = html.match(/<script id="boot" type="application\/json">(.*?)<\/script>/s);
  if (!m?.[1]) throw new Error("no boot data");
  return JSON.parse(m[1]) as Boot;
}

const rootOf = (html: string) => html.match(/<div id="root">([\s\S]*?)<\/div><script id="boot"/)?.[1] ?? "";

async function page(path: string, email: string) {
  const cookie = await signInCookie(email);
  const res = await getWithCookie(cookie, path);
  expect(res.status).toBe(200);
  const html = await res.text();
  return { res, html, boot: bootData(html), root: rootOf(html), cookie };
}

/** What the API answers the same visitor for `path`. */
async function api(token: string, accountId: string, path: string) {
  const res = await apiAs(token, { accountId }).get(`/v1${path}`);
  expect(res.status).toBe(200);
  return res.json();
}

describe("a signed-in screen rendered by the Worker", () => {
  it("is the shell with the screen's skeleton, not the loader, and stays private", async () => {
    const { res, root, boot } = await page("/bookings", DEMO_USERS.customerMember.email);
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    expect(root).toContain('data-testid="app-shell"');
    expect(root).toContain('data-testid="top-bar"');
    expect(root).toContain('data-testid="screen-skeleton"');
    expect(root).toMatch(/<nav[^>]*aria-label="Breadcrumb/i);
    expect(root).toContain('href="/bookings"');
    expect(root).not.toContain("boot-screen");
    expect(boot).toMatchObject({ ssr: true, skeleton: true });
  });

  it("is Home itself, drawn from the inlined reads, for a customer and a partner: no skeleton to replace", async () => {
    const customer = await page("/", DEMO_USERS.customerMember.email);
    expect(customer.boot).toMatchObject({ ssr: true, route: "/" });
    expect(customer.boot.skeleton).toBeUndefined();
    expect(customer.root).not.toContain('data-testid="screen-skeleton"');
    expect(customer.root).toContain(`>Welcome, ${DEMO_USERS.customerMember.firstName}</h1>`);
    const summary = customer.boot.queries!.queries.find((q) => q.queryKey[2] === "summary")!.state.data as { score: number };
    expect(customer.root).toMatch(new RegExp(`data-testid="fitness-score"[^>]*>${summary.score}<`));
    const picks = customer.boot.queries!.queries.find((q) => q.queryKey[0] === "catalogue")!.state.data as { pages: { items: { id: string }[] }[] };
    expect(customer.root).toContain(`href="/workout/${picks.pages[0]!.items[0]!.id}"`);
    // No part left for the client to render afresh.
    expect(customer.root).not.toContain("<!--$!-->");

    const partner = await page("/", DEMO_USERS.partnerAdmin.email);
    expect(partner.boot.skeleton).toBeUndefined();
    expect(partner.root).toContain('data-testid="attention"');
    expect(partner.root).not.toContain('data-testid="fitness-score"');
  });

  it("renders the TAN prompt, a part loaded lazily, for a customer not linked to a provider", async () => {
    const { cookie, id } = await newCustomer(`Unlinked ${crypto.randomUUID().slice(0, 4)}`);
    const account = await drizzle(env.DB, { schema }).select().from(schema.accounts).where(eq(schema.accounts.id, id));
    expect(account[0]?.parentAccountId).toBeNull();
    for (let i = 0; i < 2; i++) {
      // The first page finds the prompt's code still to load (the server waits for it), the second has it.
      const html = await (await getWithCookie(cookie, "/")).text();
      expect(bootData(html).skeleton).toBeUndefined();
      expect(rootOf(html)).toContain('data-testid="tan-prompt"');
      expect(rootOf(html)).not.toContain("<!--$!-->");
    }
  });

  it.each(SIGN_IN_PATHS.filter((p) => p !== "/onboarding" && !p.startsWith("/admin/") && p !== "/jobs").map((p) => p.replace(/:[A-Za-z]+/g, "0000")))(
    "renders the shell for a customer on %s",
    async (path) => {
      const { root } = await page(path, DEMO_USERS.customerMember.email);
      expect(root).toContain('data-testid="app-shell"');
    },
  );

  it("renders a partner screen for a partner, and the loader for a customer (the guard sends them on)", async () => {
    expect((await page("/jobs", DEMO_USERS.partnerAdmin.email)).root).toContain('data-testid="app-shell"');
    const customer = await page("/jobs", DEMO_USERS.customerMember.email);
    expect(customer.root).toContain("boot-screen");
    expect(customer.boot.skeleton).toBeUndefined();
  });

  it("inlines a customer's Home reads, equal to the API's answers", async () => {
    const { boot } = await page("/", DEMO_USERS.customerMember.email);
    const token = boot.identity!.token;
    const fabrikam = DEMO.customers.fabrikam.id;
    const byKey = new Map(boot.queries!.queries.map((q) => [JSON.stringify(q.queryKey), q.state.data]));
    expect([...byKey.keys()].sort()).toEqual(
      [
        ["saved-items", fabrikam],
        ["account", fabrikam],
        ["homepage", "view", fabrikam],
        ["scores", fabrikam, "summary"],
        ["entitlements", fabrikam],
        ["catalogue", fabrikam, "list", {}],
      ]
        .map((k) => JSON.stringify(k))
        .sort(),
    );
    expect(byKey.get(JSON.stringify(["scores", fabrikam, "summary"]))).toEqual(await api(token, fabrikam, "/scores/summary"));
    expect(byKey.get(JSON.stringify(["homepage", "view", fabrikam]))).toEqual(await api(token, fabrikam, "/homepage"));
    expect(byKey.get(JSON.stringify(["catalogue", fabrikam, "list", {}]))).toEqual({
      pages: [await api(token, fabrikam, "/workouts?limit=24")],
      pageParams: [null],
    });
  });

  it("inlines a partner's Home reads: its account, homepage and saved list", async () => {
    const { boot } = await page("/", DEMO_USERS.partnerAdmin.email);
    const northwind = DEMO.northwind.id;
    expect(boot.queries!.queries.map((q) => JSON.stringify(q.queryKey)).sort()).toEqual(
      [
        ["saved-items", northwind],
        ["account", northwind],
        ["homepage", "view", northwind],
      ]
        .map((k) => JSON.stringify(k))
        .sort(),
    );
  });

  it("escapes the user's own values in the shell and in the boot data", async () => {
    const cookie = await signInCookie(DEMO_USERS.customerMember.email);
    const before = bootData(await (await getWithCookie(cookie, "/")).text());
    const fd = new FormData();
    fd.set("data", JSON.stringify({ firstName: "</script><script>alert(1)</script>", lastName: "<b>X</b>" }));
    expect((await apiAs(before.identity!.token).post("/v1/users", fd)).status).toBe(200);
    const html = await (await getWithCookie(cookie, "/")).text();
    expect(rootOf(html)).toContain('data-testid="app-shell"');
    expect(html).not.toContain("<script>alert(1)");
    expect(html).not.toContain("<b>X</b>");
    expect(JSON.stringify(bootData(html))).toContain("</script><script>alert(1)</script>");
  });

  it("carries no identity, shell or data for a signed-out visitor", async () => {
    const res = await call("/help");
    const html = await res.text();
    const boot = bootData(html);
    expect(boot.identity).toBeNull();
    expect(boot.queries).toBeUndefined();
    expect(boot.skeleton).toBeUndefined();
    // Help's shell is the signed-out one: Sign in, no organisation or user button.
    expect(rootOf(html)).toMatch(/href="\/login"[^>]*>Sign in</);
    expect(rootOf(html)).not.toContain("user-button");
  });
});
