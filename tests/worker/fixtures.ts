import { env } from "cloudflare:workers";
import { drizzle } from "drizzle-orm/d1";
import * as schema from "../../db/schema";
import { apiAs, multipart, signUp } from "./auth";

const db = drizzle(env.DB, { schema });

/** A partner account with styling and a custom domain, for tests that need their own tenant. */
export async function addPartnerWithDomain(opts: {
  host: string;
  state?: "awaitingConnection" | "connected";
  platformName?: string;
  brandColour?: string;
  fontFamily?: "helveticaNeue" | "inter" | "manrope" | "openSans" | "poppins" | "roboto";
  isSatellite?: boolean;
}) {
  const accountId = crypto.randomUUID();
  const now = new Date().toISOString();
  await db.insert(schema.accounts).values({
    id: accountId,
    type: "partner",
    name: `Partner ${opts.host}`,
    tan: String(100000 + Math.floor(Math.random() * 899999)),
    createdAt: now,
    updatedAt: now,
  });
  await db.insert(schema.stylings).values({
    id: crypto.randomUUID(),
    accountId,
    brandColour: opts.brandColour ?? "#123456",
    gradientColourOne: "#123456",
    gradientColourTwo: "#654321",
    lightGradientTextColour: "#ffffff",
    lightHeroTextColour: "#ffffff",
    fontFamily: opts.fontFamily ?? "roboto",
    platformName: opts.platformName ?? "Fixture Co",
    showLogoOnLogin: true,
    updatedAt: now,
  });
  await db.insert(schema.customDomains).values({
    id: crypto.randomUUID(),
    accountId,
    uri: opts.host,
    state: opts.state ?? "connected",
    isSatellite: opts.isSatellite ?? true,
    verificationToken: crypto.randomUUID(),
    createdAt: now,
    updatedAt: now,
  });
  return accountId;
}

/** A partner account created through the API by a freshly signed-up owner, as a new partner starts (nothing set or connected). */
export async function newPartnerAccount(name: string) {
  const { token } = await signUp("Paula Partner");
  const res = await apiAs(token).post(
    "/v1/accounts",
    multipart({
      name,
      website: "globex.example.com",
      industry: "technology",
      size: "25-50",
      primaryEmail: "owner@globex.example.com",
      currency: "USD",
      location: "US",
      language: "enUS",
      type: "partner",
    }),
  );
  if (res.status !== 201) throw new Error(`partner not created: ${res.status} ${await res.text()}`);
  return { token, id: (await res.json<{ id: string }>()).id };
}
