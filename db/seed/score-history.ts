/**
 * The fitness-score part of the demo kept apart from ./data.ts: the
 * product's assessment question bank, Fabrikam's score history over the
 * last year (improving in some categories, not all) and one assessment in
 * progress. Fixed ids and instants, like the rest of the demo.
 */
import type { Category } from '../../contract/enums';
import type { NewAssessment, NewAssessmentQuestion, NewScore, NewScoreEntry } from '../schema';
import { defaultQuestionBank } from './assessment-bank';
import { DEMO, demoId } from './data';

/** Ids of this file's own kinds (second group 0x40–0x41), in the same shape as demoId's. */
const ownId = (kind: number, n: number) => `de000000-${kind.toString(16).padStart(4, '0')}-4000-8000-${n.toString(16).padStart(12, '0')}`;

export const questionRows: NewAssessmentQuestion[] = defaultQuestionBank((n) => ownId(0x40, n)).map((q) => ({
  ...q,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
}));

const FABRIKAM = DEMO.customers.fabrikam.id;
const NORTHWIND = DEMO.northwind.id;

/** [category, percent, when]: AI and data improve, security slips, productivity holds. */
const HISTORY: [Category, number, string][] = [
  ['aiAndAutomation', 72, '2026-02-10T09:00:00.000Z'],
  ['aiAndAutomation', 78, '2026-06-12T09:00:00.000Z'],
  ['aiAndAutomation', 84, '2026-10-14T09:00:00.000Z'],
  ['dataAndInsights', 40, '2025-12-03T09:00:00.000Z'],
  ['dataAndInsights', 52, '2026-04-08T09:00:00.000Z'],
  ['dataAndInsights', 61, '2026-09-09T09:00:00.000Z'],
  ['securityAndContinuity', 70, '2025-12-03T09:00:00.000Z'],
  ['securityAndContinuity', 66, '2026-05-06T09:00:00.000Z'],
  ['securityAndContinuity', 64, '2026-10-14T09:00:00.000Z'],
  ['productivityAndCollaboration', 55, '2026-01-20T09:00:00.000Z'],
  ['productivityAndCollaboration', 55, '2026-07-21T09:00:00.000Z'],
];

const ASSESSEES = [
  { name: 'Dana Whitfield', email: 'dana.whitfield@fabrikam.test' },
  { name: 'Omar Haddad', email: 'omar.haddad@fabrikam.test' },
];

export const historyScoreRows: NewScore[] = HISTORY.map(([category, percent, at], i) => ({
  id: demoId('score', 100 + i),
  accountId: FABRIKAM,
  partnerAccountId: NORTHWIND,
  category,
  score: Math.round((percent / 100) * 5 * 10) / 10,
  scorePercent: percent,
  source: 'assessment',
  assessedAt: at,
  createdAt: at,
  updatedAt: at,
}));

export const historyEntryRows: NewScoreEntry[] = HISTORY.map(([, percent, at], i) => ({
  id: demoId('scoreEntry', 100 + i),
  scoreId: demoId('score', 100 + i),
  accountId: FABRIKAM,
  assesseeName: ASSESSEES[i % 2].name,
  assesseeEmail: ASSESSEES[i % 2].email,
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
    category: 'all',
    status: 'inProgress',
    token: 'demo-in-progress',
    expiresAt: '2026-11-02T09:00:00.000Z',
    createdAt: '2026-11-01T09:00:00.000Z',
    updatedAt: '2026-11-01T09:05:00.000Z',
  },
];

export const SCORE_DEMO = { inProgressAssessmentId: ownId(0x41, 1) } as const;
