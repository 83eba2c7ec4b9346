/**
 * The fitness-score part of the demo kept apart from ./data.ts: the
 * product's assessment question bank, Fabrikam's score history over the
 * last year (improving in some categories, not all) and one assessment in
 * progress. Fixed ids; instants relative to the day the seed runs.
 */
import type { Category } from "../../contract/enums";
import type { NewAssessment, NewAssessmentQuestion, NewScore, NewScoreEntry } from "../schema";
import { defaultQuestionBank } from "./assessment-bank";
import { DEMO, demoId } from "./data";

/** Ids of this file's own kinds (second group 0x40–0x41), in the same shape as demoId's. */
const ownId = (kind: number, n: number) => `de000000-${kind.toString(16).padStart(4, "0")}-4000-8000-${n.toString(16).padStart(12, "0")}`;

export const questionRows: NewAssessmentQuestion[] = defaultQuestionBank((n) => ownId(0x40, n)).map((q) => ({
  ...q,
  createdAt: "2025-01-01T00:00:00.000Z",
  updatedAt: "2025-01-01T00:00:00.000Z",
}));

const FABRIKAM = DEMO.customers.fabrikam.id;
const NORTHWIND = DEMO.northwind.id;

/** The instant `days` before the day the seed runs, at 09:00 UTC: the history never goes stale. */
function daysAgo(days: number, hour = 9): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - days, hour)).toISOString();
}

/** [category, percent, when]: AI and data improve, security slips, productivity holds. */
const HISTORY: [Category, number, string][] = [
  ["aiAndAutomation", 72, daysAgo(286)],
  ["aiAndAutomation", 78, daysAgo(164)],
  ["aiAndAutomation", 84, daysAgo(40)],
  ["dataAndInsights", 40, daysAgo(355)],
  ["dataAndInsights", 52, daysAgo(229)],
  ["dataAndInsights", 61, daysAgo(75)],
  ["securityAndContinuity", 70, daysAgo(355)],
  ["securityAndContinuity", 66, daysAgo(201)],
  ["securityAndContinuity", 64, daysAgo(40)],
  ["productivityAndCollaboration", 55, daysAgo(307)],
  ["productivityAndCollaboration", 55, daysAgo(125)],
];

const ASSESSEES = [
  { name: "Dana Whitfield", email: "dana.whitfield@fabrikam.test" },
  { name: "Omar Haddad", email: "omar.haddad@fabrikam.test" },
] as const;
/** The two assessees take turns. */
const assesseeOf = (i: number) => ASSESSEES[i % 2 === 0 ? 0 : 1];

export const historyScoreRows: NewScore[] = HISTORY.map(([category, percent, at], i) => ({
  id: demoId("score", 100 + i),
  accountId: FABRIKAM,
  partnerAccountId: NORTHWIND,
  category,
  score: Math.round((percent / 100) * 5 * 10) / 10,
  scorePercent: percent,
  source: "assessment",
  assessedAt: at,
  createdAt: at,
  updatedAt: at,
}));

export const historyEntryRows: NewScoreEntry[] = HISTORY.map(([, percent, at], i) => ({
  id: demoId("scoreEntry", 100 + i),
  scoreId: demoId("score", 100 + i),
  accountId: FABRIKAM,
  assesseeName: assesseeOf(i).name,
  assesseeEmail: assesseeOf(i).email,
  value: Math.round((percent / 100) * 5 * 10) / 10,
  submittedAt: at,
  createdAt: at,
  updatedAt: at,
}));

/** One assessment of Fabrikam's in progress (its link long expired: a demo row to see, not to resume). */
export const assessmentRows: NewAssessment[] = [
  {
    id: ownId(0x41, 1),
    accountId: FABRIKAM,
    partnerAccountId: NORTHWIND,
    category: "all",
    status: "inProgress",
    token: "demo-in-progress",
    expiresAt: daysAgo(21),
    createdAt: daysAgo(22),
    updatedAt: daysAgo(22, 10),
  },
];

/**
 * Tailspin's strategy assessment, still in progress although its score came in
 * (a score associated with it before it was closed): what a partner marks
 * assessed, after its confirmation.
 */
const TAILSPIN = DEMO.customers.tailspin.id;
const awaitingMark = { assessmentId: ownId(0x41, 2), scoreId: demoId("score", 200), at: daysAgo(3) };
assessmentRows.push({
  id: awaitingMark.assessmentId,
  accountId: TAILSPIN,
  partnerAccountId: NORTHWIND,
  category: "strategy",
  status: "inProgress",
  token: "demo-awaiting-mark",
  expiresAt: daysAgo(2),
  createdAt: awaitingMark.at,
  updatedAt: awaitingMark.at,
});
historyScoreRows.push({
  id: awaitingMark.scoreId,
  accountId: TAILSPIN,
  partnerAccountId: NORTHWIND,
  assessmentId: awaitingMark.assessmentId,
  category: "strategy",
  score: 3.5,
  scorePercent: 70,
  source: "assessment",
  assessedAt: awaitingMark.at,
  createdAt: awaitingMark.at,
  updatedAt: awaitingMark.at,
});
historyEntryRows.push({
  id: demoId("scoreEntry", 200),
  scoreId: awaitingMark.scoreId,
  accountId: TAILSPIN,
  assesseeName: "Theo Tailspin",
  assesseeEmail: "theo@tailspin.test",
  value: 3.5,
  submittedAt: awaitingMark.at,
  createdAt: awaitingMark.at,
  updatedAt: awaitingMark.at,
});

export const SCORE_DEMO = { inProgressAssessmentId: ownId(0x41, 1), awaitingMarkAssessmentId: awaitingMark.assessmentId } as const;
