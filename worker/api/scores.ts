import { z } from "zod";
import { Hono } from "hono";
import { ErrorEnvelope } from "../../contract/errors";
import { AssessmentDto, ManualScoreBody, MarkAssessedBody, ScoreRecommendationsDto } from "../../contract/assessments";
import { recommendations } from "../data/recommendations";
import { partnerOf } from "../domain/accounts";
import { IdParam } from "../../contract/team";
import { markAssessed } from "../data/assessments";
import { addManualScore, assignOrphanedScore, orphanedScoresOf, scoresOf, scoresOfCustomer, summaryOf } from "../data/scores";
import { AssociateScoreBody, OrphanedScoreDto, ScoreDto, ScoreSummaryDto, ScoresQuery } from "../../contract/scores";
import type { AppEnv } from "../env";
import { endpoint } from "../http/endpoint";
import { historyShards } from "../tenant/scope";

/**
 * Fitness scores (Scores): the summary, the account's scores, a
 * partner's submitted scores with no customer and their assignment, manual
 * scores, mark-assessed and a customer's scores for its partner. The rows
 * are read and written in worker/data.
 */
export const scoresApi = new Hono<AppEnv>();

endpoint(
  scoresApi,
  "/v1",
  {
    method: "get",
    path: "/scores/summary",
    summary: "The active customer's score summary: overall score, workouts completed and remaining, month streak",
    tags: ["scores"],
    auth: "customer",
    responses: {
      200: { description: "The summary", schema: ScoreSummaryDto },
      401: { description: "No or bad token", schema: ErrorEnvelope },
      403: { description: "Not a customer account, or not a member of it", schema: ErrorEnvelope },
    },
  },
  async (c, _input, scope) => c.json(await summaryOf(c.get("db"), scope, undefined, historyShards(c, scope.account.id))),
);

endpoint(
  scoresApi,
  "/v1",
  {
    method: "get",
    path: "/scores/recommendations",
    summary:
      "The active customer's next step after an assessment: the workouts its catalogue shows in its weakest categories (its partner's featured workouts before any score)",
    tags: ["scores"],
    auth: "customer",
    responses: {
      200: { description: "The recommendations", schema: ScoreRecommendationsDto },
      401: { description: "No or bad token", schema: ErrorEnvelope },
      403: { description: "Not a customer account, or not a member of it", schema: ErrorEnvelope },
    },
  },
  async (c, _input, scope) => {
    const partnerId = partnerOf(scope.account);
    return c.json(
      partnerId
        ? await recommendations(c.get("db"), partnerId, scope.account, { mine: true, history: historyShards(c, scope.account.id) })
        : ({ basis: "featured", categories: [], workouts: [] } satisfies ScoreRecommendationsDto),
    );
  },
);

endpoint(
  scoresApi,
  "/v1",
  {
    method: "get",
    path: "/scores/fitness",
    summary: "The active account's fitness scores, newest first, by category (all: no filter), with their entries on request",
    tags: ["scores"],
    auth: "account",
    query: ScoresQuery,
    responses: {
      200: { description: "Scores", schema: z.array(ScoreDto) },
      400: { description: "Invalid input, with the fields that failed", schema: ErrorEnvelope },
      401: { description: "No or bad token", schema: ErrorEnvelope },
      403: { description: "Not a member of the account in X-Account-Id", schema: ErrorEnvelope },
    },
  },
  async (c, { query }, scope) =>
    c.json(await scoresOf(c.get("db"), scope, query.category, query.includeEntries === "true", historyShards(c, scope.account.id))),
);

endpoint(
  scoresApi,
  "/v1",
  {
    method: "get",
    path: "/admin/scores/fitness/orphaned",
    summary: "The partner's submitted scores with no customer (Submitted Scores), newest first",
    tags: ["scores"],
    auth: "partner",
    responses: {
      200: { description: "Orphaned scores", schema: z.array(OrphanedScoreDto) },
      401: { description: "No or bad token", schema: ErrorEnvelope },
      403: { description: "Not a partner", schema: ErrorEnvelope },
    },
  },
  async (c, _input, scope) => c.json(await orphanedScoresOf(c.get("db"), scope)),
);

endpoint(
  scoresApi,
  "/v1",
  {
    method: "post",
    path: "/admin/scores/fitness/associate-assessment",
    summary: "Assign an orphaned score (and its entries) to one of the partner's customers",
    tags: ["scores"],
    auth: "partnerAdmin",
    body: AssociateScoreBody,
    responses: {
      200: { description: "The score, now the customer's", schema: ScoreDto },
      400: { description: "Invalid input, or not one of the partner's customers", schema: ErrorEnvelope },
      401: { description: "No or bad token", schema: ErrorEnvelope },
      403: { description: "Not a partner owner or admin", schema: ErrorEnvelope },
      404: { description: "No such orphaned score of this partner", schema: ErrorEnvelope },
    },
  },
  async (c, { body }, scope) => c.json(await assignOrphanedScore(c.get("db"), scope, body.scoreId, body.accountId)),
);

endpoint(
  scoresApi,
  "/v1",
  {
    method: "post",
    path: "/admin/scores/fitness",
    summary: "A partner's manual score (percent) for one of its customers in one category; audited",
    tags: ["scores"],
    auth: "partnerAdmin",
    body: ManualScoreBody,
    responses: {
      201: { description: "The score", schema: ScoreDto },
      400: { description: "Invalid input, or not one of the partner's customers", schema: ErrorEnvelope },
      401: { description: "No or bad token", schema: ErrorEnvelope },
      403: { description: "Not a partner owner or admin", schema: ErrorEnvelope },
    },
  },
  async (c, { body }, scope) => c.json(await addManualScore(c.get("db"), scope, body), 201),
);

endpoint(
  scoresApi,
  "/v1",
  {
    method: "post",
    path: "/admin/scores/fitness/mark-assessed",
    summary: "Marks one of the partner's (or its customers') assessments assessed, once it has scores; audited",
    tags: ["scores"],
    auth: "partnerAdmin",
    body: MarkAssessedBody,
    responses: {
      200: { description: "The assessment", schema: AssessmentDto },
      400: { description: "Invalid input", schema: ErrorEnvelope },
      401: { description: "No or bad token", schema: ErrorEnvelope },
      403: { description: "Not a partner owner or admin", schema: ErrorEnvelope },
      404: { description: "No such assessment of this partner", schema: ErrorEnvelope },
      409: { description: "Already assessed, or no scores submitted yet", schema: ErrorEnvelope },
    },
  },
  async (c, { body }, scope) => c.json(await markAssessed(c.get("db"), scope, body.assessmentId)),
);

endpoint(
  scoresApi,
  "/v1",
  {
    method: "get",
    path: "/admin/dependents/{id}/scores",
    summary: "One of the partner's customers' scores, newest first (its trend)",
    tags: ["customers", "scores"],
    auth: "partnerAdmin",
    params: IdParam,
    responses: {
      200: { description: "Scores", schema: z.array(ScoreDto) },
      400: { description: "Invalid input", schema: ErrorEnvelope },
      401: { description: "No or bad token", schema: ErrorEnvelope },
      403: { description: "Not a partner owner or admin", schema: ErrorEnvelope },
      404: { description: "Not one of the partner's customers", schema: ErrorEnvelope },
    },
  },
  async (c, { params }, scope) => c.json(await scoresOfCustomer(c.get("db"), scope, params.id)),
);
