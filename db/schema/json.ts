/**
 * Shapes of the JSON-typed columns (`text({ mode: 'json' }).$type<...>()`).
 * The zod schemas in contract/ validate these at the API edge; the database
 * stores exactly these shapes.
 */
import type { ConditionOperator, FeaturedMediaType, VisibilityComparator, VisibilityField } from "../../contract/enums";

/**
 * One condition of a workout's visibility expression: the customer's
 * `field` (price group id, industry, size or location) is / is not in `values`.
 */
export interface VisibilityCondition {
  field: VisibilityField;
  comparator: VisibilityComparator;
  values: string[];
}

/**
 * A workout's visibility expression: conditions, or nested groups,
 * joined by `and`/`or`. A null expression (or an empty group) means "visible to
 * every customer of a partner whose library has it available".
 */
export interface VisibilityExpression {
  operator: ConditionOperator;
  conditions: Array<VisibilityCondition | VisibilityExpression>;
}

/** One featured video or image of a workout: an uploaded file (R2 key) or an external URL. */
export interface FeaturedMedia {
  type: FeaturedMediaType;
  key?: string;
  url?: string;
  alt?: string;
}

/** A file attached to an outgoing mail; `content` is base64 unless `encoding` says 'utf8'. */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: string;
  encoding?: "base64" | "utf8";
}

/** What a mail rendered at send time is rendered from: a job's notice, its values as worker/mail/job-mail.ts takes them. */
export interface MailRender {
  job: Record<string, unknown>;
}

/** Free-form audit payload. */
export type AuditData = Record<string, unknown>;

/** One answer an assessment question offers, and what it is worth (1–5). */
export interface AssessmentOption {
  label: string;
  value: number;
}

/** Where a session happens: online (a meeting link, https) or in person (an address). */
export type SessionLocation = { kind: "online"; url: string } | { kind: "inPerson"; address: string };
