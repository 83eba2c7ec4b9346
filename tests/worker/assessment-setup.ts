/**
 * What the assessment test files share: the stored status of an assessment,
 * and Fabrikam's strategy score coming in for one (as an assessment's own
 * scores do, before Northwind marks it assessed).
 */
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import * as schema from "../../db/schema";
import { DEMO } from "../../db/seed";
import { first } from "../present";

const db = drizzle(env.DB, { schema });

/** The assessment's stored status. */
export const assessmentStatus = async (id: string) => first(await db.select().from(schema.assessments).where(eq(schema.assessments.id, id))).status;

/** A strategy score of Fabrikam's from the assessment (3 of 5, 60 %), as Northwind's assessors enter it. */
export const scoreCameIn = (assessmentId: string) =>
  db.insert(schema.scores).values({
    accountId: DEMO.customers.fabrikam.id,
    partnerAccountId: DEMO.northwind.id,
    assessmentId,
    category: "strategy",
    score: 3,
    scorePercent: 60,
    source: "assessment",
  });
