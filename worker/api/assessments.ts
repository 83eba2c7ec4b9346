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
  AssessmentRecipientDto,
  AssessmentTokenParam,
  SendAssessmentLinksBody,
  SentAssessmentLinksDto,
  SubmitAssessmentBody,
} from "../../contract/assessments";
import { ErrorEnvelope } from "../../contract/errors";
import { IdParam } from "../../contract/team";
import { assessmentsOfCustomer, issueLink, linkFor, openAssessment, submitAssessment } from "../data/assessments";
import { issueMemberLinks, recipientsOf, saveMemberLinks } from "../data/assessment-links";
import { partnerMails, productBrand, recipientLanguage, recipientTimeZone, usersByEmail } from "../data/mail-context";
import { assessmentLinkMail } from "../mail/assessment-mail";
import { dispatchMail } from "../mail/outbox";
import type { AppEnv } from "../env";
import { endpoint, type UserScope } from "../http/endpoint";
import { errorResponses } from "../http/responses";
import { authSecret, type IdentityEnv } from "../identity/embedded";
import { ensureUserCopy, requireUser } from "../identity/context";
import { ApiError } from "../http/errors";
import { defaultShard } from "../d1/shards";
import { limitClient, type RateRule } from "../http/rate-limit";
import { linkPartnerId } from "../domain/assessment";
import { accountShardName, actOnShard, refuseWritesWhileMoving } from "../tenant/scope";

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

/**
 * The link's shard: its partner's, named by the token and found through the
 * directory's routing row (cached per isolate: at most one directory call,
 * none on a partner's own domain), whatever host or account the request came
 * with. A token naming no partner (a customer without one, or a link issued
 * before links named it) is looked for on the request's shard, as is one of
 * an unknown partner (404 there). Run before the taker is read, so their user
 * copy is the link's shard's.
 */
async function enterLinkShard(c: Context<AppEnv>, token: string): Promise<void> {
  const partnerId = linkPartnerId(token);
  if (!partnerId || c.get("tenant").partner?.id === partnerId) return;
  await refuseWritesWhileMoving(c, partnerId);
  actOnShard(c, await accountShardName(c, partnerId));
}

/**
 * The link of `token` on its shard, with its taker (see takerOf) and the
 * shard's Db. A token naming no partner was issued to a customer without
 * one, kept on the default shard, where such a customer lives (or, before
 * links named their partner, on the request's shard): looked for on the
 * request's shard first, then on the default shard, so a customer that has
 * since linked to a partner on another shard (the account named in
 * X-Account-Id, or the partner's domain, routing the request there) finds it
 * and is told it changed provider, not that the link is not valid.
 */
async function theLink(c: Context<AppEnv>, token: string) {
  await enterLinkShard(c, token);
  const taker = await takerOf(c);
  try {
    return { db: c.get("db"), taker, row: await linkFor(c.get("db"), token, taker, linkSecret(c)) };
  } catch (err) {
    const fallback = defaultShard(c.env);
    const elsewhere = !linkPartnerId(token) && err instanceof ApiError && err.code === "not_found" && fallback !== c.get("shard").name;
    if (!elsewhere) throw err;
    actOnShard(c, fallback);
    if (taker) await ensureUserCopy(c, taker.user);
    return { db: c.get("db"), taker, row: await linkFor(c.get("db"), token, taker, linkSecret(c)) };
  }
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
    await limitClient(c, assessmentLimit(c));
    const { db, taker, row } = await theLink(c, params.token);
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
    await limitClient(c, assessmentLimit(c));
    const { db, taker, row } = await theLink(c, params.token);
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

endpoint(
  assessmentsApi,
  "/v1",
  {
    method: "get",
    path: "/admin/dependents/{id}/assessment-recipients",
    summary: "The active members of one of the partner's customers, by name, whom an assessment link can be sent",
    tags: ["customers", "scores"],
    auth: "partnerAdmin",
    params: IdParam,
    responses: {
      200: { description: "Members", schema: z.array(AssessmentRecipientDto) },
      ...errors,
      404: { description: "Not one of the partner's customers", schema: ErrorEnvelope },
    },
  },
  async (c, { params }, scope) => c.json(await recipientsOf(c.get("db"), scope, params.id)),
);

endpoint(
  assessmentsApi,
  "/v1",
  {
    method: "post",
    path: "/admin/dependents/{id}/assessment-links",
    summary:
      "Sends chosen active members of one of the partner's customers each their own assessment link (the whole assessment or one category, bound to them, valid 24 hours), mailed in the partner's branding through the outbox",
    tags: ["customers", "scores"],
    auth: "partnerAdmin",
    params: IdParam,
    body: SendAssessmentLinksBody,
    responses: {
      201: { description: "The links sent", schema: SentAssessmentLinksDto },
      ...errors,
      404: { description: "Not one of the partner's customers", schema: ErrorEnvelope },
    },
  },
  async (c, { params, body }, scope) => {
    const db = c.get("db");
    const links = await issueMemberLinks(db, scope, params.id, body.category, body.userIds, linkSecret(c));
    const partner = (await partnerMails(db, c.env, [scope.account.id])).get(scope.account.id) ?? productBrand(c.env);
    const languages = await usersByEmail(
      db,
      links.map((l) => l.recipient.email.toLowerCase()),
    );
    const sender = [scope.user.firstName, scope.user.lastName].filter(Boolean).join(" ") || scope.account.name;
    const mails = links.map(({ assessment, recipient }) => {
      const person = languages.find((u) => u.email.toLowerCase() === recipient.email.toLowerCase());
      const mail = assessmentLinkMail({
        language: recipientLanguage(person, partner),
        timeZone: recipientTimeZone(person, partner),
        brand: partner.brand,
        recipientName: recipient.name,
        sender,
        category: assessment.category,
        link: `${partner.brand.origin}/assessment/${encodeURIComponent(assessment.token)}`,
        expiresAt: assessment.expiresAt,
      });
      return {
        id: crypto.randomUUID(),
        to: recipient.email,
        accountId: params.id,
        replyTo: scope.user.email,
        fromName: partner.brand.platformName,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
      };
    });
    // The links and their mail are written together, or not at all.
    await saveMemberLinks(db, c.env.UPLOADS, links, mails);
    await dispatchMail(
      c.env,
      mails.map((m) => m.id),
      c.get("shard").name,
    );
    return c.json({ sent: links.length, assessmentIds: links.map((l) => l.assessment.id) } satisfies SentAssessmentLinksDto, 201);
  },
);
