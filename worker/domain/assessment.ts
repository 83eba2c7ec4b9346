/**
 * The fitness assessment's rules, pure: scoring a completed questionnaire and
 * signing the link that lets one person take it.
 */
import type { Category } from "../../contract/enums";
import { Category as CATEGORIES } from "../../contract/enums";
import { DEFAULT_STYLING, scoreNameOf, scoreStringOf } from "../../contract/styling";

/** The scale every score uses: a category's score is the mean answer (1–5); its percent is score ÷ 5. */
export const SCORE_MAX = 5;

export type Question = { id: string; category: Category; options: { value: number }[] };
export type CategoryResult = { category: Category; score: number; scorePercent: number; answered: number };
export type Overall = { score: number; scoreName: string; customScoreString: string };
export type Scored = { ok: true; categories: CategoryResult[]; overall: Overall } | { ok: false; fields: Record<string, string> };

/**
 * Scores a questionnaire: every question must be answered with one of its
 * own options' values (otherwise a field error on `answers.<questionId>`;
 * an answer to a question not asked is refused on the same path). Each
 * category's score is the mean of its answers, to one decimal; its percent is
 * that score over the scale's maximum, rounded. The overall score is the mean
 * of the category percents, rounded, named and worded as `wording` (the
 * partner's styling) says: "<n>/100" unless the partner words it otherwise.
 */
export function scoreAnswers(
  questions: readonly Question[],
  answers: Readonly<Record<string, number>>,
  wording: { platformName: string; scoreName?: string | null; customScoreString?: string | null } = DEFAULT_STYLING,
): Scored {
  const fields: Record<string, string> = {};
  const asked = new Set(questions.map((q) => q.id));
  for (const id of Object.keys(answers)) if (!asked.has(id)) fields[`answers.${id}`] = "Not a question of this assessment";
  const sums = new Map<Category, { total: number; n: number }>();
  for (const q of questions) {
    const value = answers[q.id];
    if (value === undefined) {
      fields[`answers.${q.id}`] = "Required";
      continue;
    }
    if (!q.options.some((o) => o.value === value)) {
      fields[`answers.${q.id}`] = "Not one of the answers offered";
      continue;
    }
    const sum = sums.get(q.category) ?? { total: 0, n: 0 };
    sum.total += value;
    sum.n += 1;
    sums.set(q.category, sum);
  }
  if (Object.keys(fields).length || questions.length === 0) return { ok: false, fields: questions.length ? fields : { answers: "No questions to answer" } };
  const categories = CATEGORIES.filter((c) => sums.has(c)).map((category) => {
    const { total, n } = sums.get(category)!;
    const mean = total / n;
    return { category, score: Math.round(mean * 10) / 10, scorePercent: Math.round((mean / SCORE_MAX) * 100), answered: n };
  });
  const overall = Math.round(categories.reduce((t, c) => t + c.scorePercent, 0) / categories.length);
  return { ok: true, categories, overall: { score: overall, scoreName: scoreNameOf(wording), customScoreString: scoreStringOf(wording, overall) } };
}

/** A manual score given as a percent: the score on the scale, to one decimal. */
export function scoreFromPercent(percent: number): number {
  return Math.round((percent / 100) * SCORE_MAX * 10) / 10;
}

// ─── Links ───────────────────────────────────────────────────────────────────

/** How long a link may be used after it is issued. */
export const LINK_TTL_MS = 24 * 60 * 60 * 1000;

export type LinkClaims = { assessmentId: string; accountId: string | null; partnerAccountId: string | null; userId: string | null; expiresAt: string };

const enc = new TextEncoder();
const b64url = (bytes: ArrayBuffer) =>
  btoa(String.fromCharCode(...new Uint8Array(bytes)))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");

async function hmac(secret: string, message: string): Promise<string> {
  const key = await crypto.subtle.importKey("raw", enc.encode(`assessment-link:${secret}`), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return b64url(await crypto.subtle.sign("HMAC", key, enc.encode(message)));
}

const payload = (c: LinkClaims) => [c.assessmentId, c.accountId ?? "", c.partnerAccountId ?? "", c.userId ?? "", c.expiresAt].join("|");

/**
 * The link's token: the assessment's id, the id of the partner it was issued
 * under (when it has one: the link is opened on that partner's shard, found
 * through the directory's routing row), and a signature over who it is for
 * and until when (the partner included).
 */
export async function signLink(secret: string, claims: LinkClaims): Promise<string> {
  return linkToken(claims, await hmac(secret, payload(claims)), Boolean(claims.partnerAccountId));
}

const linkToken = (claims: LinkClaims, signature: string, namesPartner: boolean) =>
  [claims.assessmentId, ...(namesPartner && claims.partnerAccountId ? [claims.partnerAccountId] : []), signature].join(".");

const UUID = "[0-9a-f-]{36}";
/** A token's parts; links issued before they named their partner have none. */
const TOKEN = new RegExp(`^(${UUID})(?:\\.(${UUID}))?\\.[A-Za-z0-9_-]{43}$`, "i");

/** The assessment id a token names (its signature is checked against the stored claims by `verifyLink`). */
export function linkAssessmentId(token: string): string | null {
  return TOKEN.exec(token)?.[1] ?? null;
}

/** The partner a token names, whose shard holds the link (null: none named; the request's shard is looked in). */
export function linkPartnerId(token: string): string | null {
  return TOKEN.exec(token)?.[2]?.toLowerCase() ?? null;
}

/** Whether the token is the one signed for these claims, in the form it was issued in (constant-time comparison). */
export async function verifyLink(secret: string, token: string, claims: LinkClaims): Promise<boolean> {
  const expected = linkToken(claims, await hmac(secret, payload(claims)), linkPartnerId(token) !== null);
  if (expected.length !== token.length) return false;
  let diff = 0;
  for (let i = 0; i < expected.length; i++) diff |= expected.charCodeAt(i) ^ token.charCodeAt(i);
  return diff === 0;
}
