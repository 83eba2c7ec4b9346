/**
 * The fitness assessment's rules, pure: scoring a completed questionnaire and
 * signing the link that lets one person take it.
 */
import type { Category } from "../../contract/enums";
import { Category as CATEGORIES } from "../../contract/enums";

/** The scale every score uses: a category's score is the mean answer (1–5); its percent is score ÷ 5. */
export const SCORE_MAX = 5;
import { SCORE_NAME } from "../../contract/scores";

export { SCORE_NAME };

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
 * of the category percents, rounded, shown as "<n>/100".
 */
export function scoreAnswers(questions: readonly Question[], answers: Readonly<Record<string, number>>): Scored {
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
  return { ok: true, categories, overall: { score: overall, scoreName: SCORE_NAME, customScoreString: `${overall}/100` } };
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

/** The link's token: the assessment's id and a signature over who it is for and until when. */
export async function signLink(secret: string, claims: LinkClaims): Promise<string> {
  return `${claims.assessmentId}.${await hmac(secret, payload(claims))}`;
}

/** The assessment id a token names (its signature is checked against the stored claims by `verifyLink`). */
export function linkAssessmentId(token: string): string | null {
  return /^([0-9a-f-]{36})\.[A-Za-z0-9_-]{43}$/i.exec(token)?.[1] ?? null;
}

/** Whether the token is the one signed for these claims (constant-time comparison). */
export async function verifyLink(secret: string, token: string, claims: LinkClaims): Promise<boolean> {
  const expected = await signLink(secret, claims);
  if (expected.length !== token.length) return false;
  let diff = 0;
  for (let i = 0; i < expected.length; i++) diff |= expected.charCodeAt(i) ^ token.charCodeAt(i);
  return diff === 0;
}
