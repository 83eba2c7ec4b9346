/**
 * The product's own fitness assessment: eight short statements per category,
 * each answered on the same five-step scale (1 = not at all … 5 = fully in
 * place). Stored as rows of `assessment_questions` with no partner (seedDemo
 * writes them); a partner's own rows for a category replace these. The worker
 * falls back to this list when the table holds no questions for a category.
 */
import type { Category } from "../../contract/enums";
import type { AssessmentOption, NewAssessmentQuestion } from "../schema";

export const ANSWER_SCALE: AssessmentOption[] = [
  { label: "Not at all", value: 1 },
  { label: "We have started", value: 2 },
  { label: "Partly", value: 3 },
  { label: "Mostly", value: 4 },
  { label: "Fully, and we keep improving it", value: 5 },
];

const STATEMENTS: Record<Category, string[]> = {
  aiAndAutomation: [
    "Our teams use AI assistants in their daily work.",
    "We have an agreed policy for the safe use of AI tools.",
    "Repetitive tasks are automated rather than done by hand.",
    "Staff have been trained to write effective prompts.",
    "We measure the time saved by automation.",
    "Automations have named owners who maintain them.",
    "We review AI output for accuracy before relying on it.",
    "We have a plan for the next AI use cases we will adopt.",
  ],
  dataAndInsights: [
    "Our key business figures are available in one trusted place.",
    "Decisions are backed by data rather than instinct alone.",
    "Reports refresh automatically instead of being rebuilt by hand.",
    "Each important data set has a named owner.",
    "Staff can build simple reports themselves.",
    "We know where personal data is stored and who can see it.",
    "Data quality problems are found and fixed quickly.",
    "We share dashboards with the teams that act on them.",
  ],
  productivityAndCollaboration: [
    "Documents are stored and shared in one place, not by e-mail attachment.",
    "Teams work on the same document at the same time.",
    "Meetings have agendas and recorded outcomes.",
    "People can find the file or answer they need quickly.",
    "Our calendars and shared channels are used consistently.",
    "New starters get the tools and training they need on day one.",
    "We use task boards or planners to track shared work.",
    "Remote and office staff collaborate equally well.",
  ],
  securityAndContinuity: [
    "Every account uses multi-factor authentication.",
    "Devices are updated and patched automatically.",
    "Backups are taken regularly and restores are tested.",
    "Staff are trained to recognise phishing.",
    "Access is removed promptly when someone leaves.",
    "We have a written plan for a cyber incident.",
    "Named staff know their role in our recovery plan.",
    "We review who has administrator rights at least yearly.",
  ],
  businessSystemsAndOperations: [
    "Our core business systems are connected rather than re-keyed.",
    "Processes are documented and easy to follow.",
    "Approvals happen in a system, not on paper.",
    "Customer information lives in one system of record.",
    "Finance and operations share the same figures.",
    "We know which systems we rely on and what they cost.",
    "System changes are planned and tested before release.",
    "Operational problems are logged and followed up.",
  ],
  commsAndConnectivity: [
    "Our internet connection is fast and reliable at every site.",
    "Staff can work securely from anywhere.",
    "Phone and video calls work without trouble.",
    "Customers can reach us through the channels they prefer.",
    "Wi-Fi for guests is kept apart from our own network.",
    "We have a fallback if our main connection fails.",
    "Internal announcements reach everyone who needs them.",
    "Our communication tools are the same across teams.",
  ],
  strategy: [
    "Technology plans are tied to our business goals.",
    "Leadership reviews technology investments regularly.",
    "We have a roadmap for the next twelve months.",
    "Technology risks are on the leadership agenda.",
    "We budget for training as well as tools.",
    "We measure the benefit of the technology we buy.",
    "Someone owns our digital strategy.",
    "We review our technology fitness at least yearly.",
  ],
};

/** The product's bank as rows (no partner), with fixed ids so seeding twice inserts nothing new. */
export function defaultQuestionBank(idFor: (n: number) => string): NewAssessmentQuestion[] {
  const rows: NewAssessmentQuestion[] = [];
  let n = 0;
  for (const [category, statements] of Object.entries(STATEMENTS) as [Category, string[]][]) {
    statements.forEach((text, i) => {
      n += 1;
      rows.push({ id: idFor(n), partnerAccountId: null, category, sequence: i + 1, text, options: ANSWER_SCALE });
    });
  }
  return rows;
}
