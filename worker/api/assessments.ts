import { servedOrigin } from "../tenant/origins";
import { Hono } from "hono";
import type { Context } from "hono";
import { z } from "zod";
import {
  AssessmentDto,
  AssessmentFormDto,
  AssessmentLinkDto,
  AssessmentLinkQuery,
  AssessmentResultDto,
  AssessmentTokenParam,
  SubmitAssessmentBody,
} from "../../contract/assessments";
import { ErrorEnvelope } from "../../contract/errors";
import { IdParam } from "../../contract/team";
import { assessmentsOfCustomer, issueLink, linkFor, openAssessment, submitAssessment } from "../data/assessments";
import type { AppEnv } from "../env";
import { endpoint, type UserScope } from "../http/endpoint";
import { errorResponses } from "../http/responses";
import { authSecret, type IdentityEnv } from "../identity/embedded";
import { requireUser } from "../identity/context";
import { limitClient, type RateRule } from "../http/rate-limit";

/**
 * The product's fitness assessment (Scores): the link
 * to take it, opening it (in progress) and finishing it (scores submitted,
 * assessed), and a partner's list of a customer's assessments.
 */
export const assessmentsApi = new Hono<AppEnv>();

/** The key that signs assessment links: ASSESSMENT_LINK_SECRET, else the identity secret. */
function linkSecret(c: Context<AppEnv>): string {
  const env = c.env as IdentityEnv & { ASSESSMENT_LINK_SECRET?: string };
  return env.ASSESSMENT_LINK_SECRET || authSecret(env);
}

/**
 * Taking an assessment needs no account: a partner's link is for anyone. When
 * the request carries a token it must be valid (401 otherwise), and a
 * customer's link then checks it is the member it was issued to.
 */
async function takerOf(c: Context<AppEnv>): Promise<UserScope | null> {
  return c.req.header("Authorization") ? requireUser(c) : null;
}

const errors = errorResponses({ 403: "Not allowed" });
const limited = { 429: { description: "Too many requests from this client address (per minute)", schema: ErrorEnvelope } };

/**
 * Opening and finishing links are public: each client address (CF-Connecting-IP)
 * gets ASSESSMENT_RATE_LIMIT requests a minute to them together (60 unless set: a team behind one address may take a link together).
 */
function assessmentLimit(c: Context<AppEnv>): RateRule {
  const max = Number((c.env as { ASSESSMENT_RATE_LIMIT?: string }).ASSESSMENT_RATE_LIMIT ?? "60") || 60;
  return { bucket: "assessment", max, windowSeconds: 60 };
}

endpoint(
  assessmentsApi,
  "/v1",
  {
    method: "get",
    path: "/assessments/fitness-score",
    summary:
      "A signed link to take the fitness assessment (category all by default), valid for 24 hours: a customer's member gets one bound to them and their account; a partner's owner or admin one for anyone",
    tags: ["scores"],
    auth: "account",
    query: AssessmentLinkQuery,
    responses: { 200: { description: "The link", schema: AssessmentLinkDto }, ...errors },
  },
  async (c, { query }, scope) => {
    const row = await issueLink(c.get("db"), scope, query.category, linkSecret(c));
    const url = `${servedOrigin(c.env, c.get("tenant"))}/assessment/${encodeURIComponent(row.token)}`;
    return c.json({ id: row.id, category: row.category, url, token: row.token, expiresAt: row.expiresAt } satisfies AssessmentLinkDto);
  },
);

endpoint(
  assessmentsApi,
  "/v1",
  {
    method: "post",
    path: "/assessments/{token}/open",
    summary: "Opens an assessment link: the assessment is now in progress; answers its questions",
    tags: ["scores"],
    auth: "public",
    params: AssessmentTokenParam,
    responses: {
      200: { description: "The questionnaire", schema: AssessmentFormDto },
      ...errors,
      404: { description: "No such link", schema: ErrorEnvelope },
      409: { description: "Already submitted", schema: ErrorEnvelope },
      ...limited,
    },
  },
  async (c, { params }) => {
    const db = c.get("db");
    await limitClient(c, assessmentLimit(c));
    const taker = await takerOf(c);
    const row = await linkFor(db, params.token, taker, linkSecret(c));
    return c.json(await openAssessment(db, c.get("directory"), row, taker));
  },
);

endpoint(
  assessmentsApi,
  "/v1",
  {
    method: "post",
    path: "/assessments/{token}/submit",
    summary:
      "Finishes an assessment: scores per category and overall, submitted for the taker's account (a partner's link: the customer of a signed-in taker with a verified address, else unassigned), and the assessment marked assessed",
    tags: ["scores"],
    auth: "public",
    params: AssessmentTokenParam,
    body: SubmitAssessmentBody,
    responses: {
      200: { description: "The scores", schema: AssessmentResultDto },
      ...errors,
      404: { description: "No such link", schema: ErrorEnvelope },
      409: { description: "Already submitted", schema: ErrorEnvelope },
      ...limited,
    },
  },
  async (c, { params, body }) => {
    const db = c.get("db");
    await limitClient(c, assessmentLimit(c));
    const taker = await takerOf(c);
    const row = await linkFor(db, params.token, taker, linkSecret(c));
    return c.json(await submitAssessment(db, c.get("directory"), row, taker, body));
  },
);

endpoint(
  assessmentsApi,
  "/v1",
  {
    method: "get",
    path: "/admin/dependents/{id}/assessments",
    summary: "One of the partner's customers' assessments, newest first, with their state",
    tags: ["customers", "scores"],
    auth: "partnerAdmin",
    params: IdParam,
    responses: {
      200: { description: "Assessments", schema: z.array(AssessmentDto) },
      ...errors,
      404: { description: "Not one of the partner's customers", schema: ErrorEnvelope },
    },
  },
  async (c, { params }, scope) => c.json(await assessmentsOfCustomer(c.get("db"), scope, params.id)),
);
