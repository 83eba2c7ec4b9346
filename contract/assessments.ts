import { z } from "zod";
import { AssessmentStatus, Category, CategoryFilter } from "./enums";
import { email, requiredLine } from "./forms";
import { MESSAGES } from "./messages";
import { CustomerDetailsDto } from "./customers";

const uuid = z.string().uuid(MESSAGES.invalidUuid);

/** Why a link is refused (the API's error message), so the screen can say it in the reader's language. */
export const ASSESSMENT_LINK_MESSAGES = {
  notFound: "Assessment link not found",
  expired: "This assessment link has expired",
  someoneElse: "This assessment link was issued to someone else",
  done: "This assessment has already been submitted",
  /** A customer's link issued under a partner it has left (docs/decisions/2026-11-27-relinked-assessments.md). */
  previousProvider: "This assessment link was issued before your account changed provider",
} as const;

/** `GET v1/assessments/fitness-score?category=`: the link to take the assessment (category "all" by default). */
export const AssessmentLinkQuery = z.object({
  category: z.enum(CategoryFilter, { error: "Not a category" }).default("all"),
});

export const AssessmentLinkDto = z
  .object({
    id: z.string(),
    category: z.enum(CategoryFilter),
    /** The product's own page that takes the assessment: `<origin>/assessment/<token>`. */
    url: z.string(),
    token: z.string(),
    expiresAt: z.string(),
  })
  .meta({ id: "AssessmentLink" });
export type AssessmentLinkDto = z.infer<typeof AssessmentLinkDto>;

/** The token of an assessment link, as a path parameter. */
export const AssessmentTokenParam = z.object({ token: z.string().min(1).max(200) });

export const AssessmentQuestionDto = z.object({
  id: z.string(),
  category: z.enum(Category),
  sequence: z.number().int(),
  text: z.string(),
  options: z.array(z.object({ label: z.string(), value: z.number().int() })),
});
export type AssessmentQuestionDto = z.infer<typeof AssessmentQuestionDto>;

/** What opening a link answers: the questionnaire; the assessment is now in progress. */
export const AssessmentFormDto = z
  .object({
    id: z.string(),
    category: z.enum(CategoryFilter),
    status: z.enum(AssessmentStatus),
    expiresAt: z.string(),
    /** A partner's link (no customer): the taker gives a name and e-mail address. */
    asksForAssessee: z.boolean(),
    partnerName: z.string().nullable(),
    questions: z.array(AssessmentQuestionDto),
  })
  .meta({ id: "AssessmentForm" });
export type AssessmentFormDto = z.infer<typeof AssessmentFormDto>;

/** Finishing the assessment: one answer (1–5) per question; the taker's name and e-mail on a partner's link. */
export const SubmitAssessmentBody = z
  .object({
    answers: z.record(z.string(), z.number().int().min(1).max(5)),
    assesseeName: requiredLine(120).optional(),
    assesseeEmail: email.optional(),
  })
  .meta({ id: "SubmitAssessment" });
export type SubmitAssessmentBody = z.infer<typeof SubmitAssessmentBody>;

/** The summary shape: the score, its name and the text shown for it. */
export const ScoreValueDto = z.object({ score: z.number().int(), scoreName: z.string(), customScoreString: z.string() });

export const AssessmentResultDto = z
  .object({
    assessmentId: z.string(),
    status: z.enum(AssessmentStatus),
    /** True when no customer matched the taker: the partner assigns the score in Submitted Scores. */
    orphaned: z.boolean(),
    categories: z.array(z.object({ scoreId: z.string(), category: z.enum(Category), score: z.number(), scorePercent: z.number().int() })),
    overall: ScoreValueDto,
  })
  .meta({ id: "AssessmentResult" });
export type AssessmentResultDto = z.infer<typeof AssessmentResultDto>;

/** An assessment as a partner sees it in the customer's details. */
export const AssessmentDto = z
  .object({
    id: z.string(),
    category: z.enum(CategoryFilter),
    status: z.enum(AssessmentStatus),
    takenBy: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
    expiresAt: z.string(),
    scoreCount: z.number().int(),
  })
  .meta({ id: "Assessment" });
export type AssessmentDto = z.infer<typeof AssessmentDto>;

/** Why a score is refused (the API's field messages). */
export const SCORE_MESSAGES = { whole: "Whole numbers only", range: "From 0 to 100" } as const;

/**
 * A score percent as the API takes it: a JSON number, whole, from 0 to 100.
 * Nothing is coerced: null, text such as "50", NaN and decimals are refused.
 */
export const ScorePercent = z
  .number({ error: (issue) => (issue.input === undefined || issue.input === null ? MESSAGES.required : MESSAGES.notNumber) })
  .int(SCORE_MESSAGES.whole)
  .min(0, SCORE_MESSAGES.range)
  .max(100, SCORE_MESSAGES.range);

/** `POST v1/admin/scores/fitness`: a partner's manual score for one of its customers. */
export const ManualScoreBody = z
  .object({
    accountId: uuid,
    category: z.enum(Category),
    scorePercent: ScorePercent,
  })
  .meta({ id: "ManualScore" });
export type ManualScoreBody = z.infer<typeof ManualScoreBody>;

/**
 * The manual score form's values as the screen holds them (the percent as
 * typed), checked and turned into the body: the text must be a whole number,
 * then the body's own rule applies.
 */
export const manualScoreFormSchema = ManualScoreBody.extend({
  scorePercent: z.string().trim().min(1, MESSAGES.required).regex(/^\d+$/, SCORE_MESSAGES.whole).transform(Number).pipe(ScorePercent),
});

/** `POST v1/admin/scores/fitness/mark-assessed`. */
export const MarkAssessedBody = z.object({ assessmentId: uuid }).meta({ id: "MarkAssessed" });
export type MarkAssessedBody = z.infer<typeof MarkAssessedBody>;

/** `PUT v1/admin/dependents/{id}/price-group`: null takes the customer out of any group. */
export const CustomerPriceGroupBody = z.object({ priceGroupId: uuid.nullable() }).meta({ id: "CustomerPriceGroup" });
export type CustomerPriceGroupBody = z.infer<typeof CustomerPriceGroupBody>;

/**
 * The assessment form's values as the screen holds them (each answer the
 * chosen option's value, as text from its radio button), checked with the
 * same rules as the submission: every question answered; a partner's link
 * also asks for the taker's name and e-mail address.
 */
export function assessmentFormSchema(questionIds: readonly string[], asksForAssessee: boolean) {
  const answer = z.string().min(1, MESSAGES.required);
  return z.object({
    answers: z.object(Object.fromEntries(questionIds.map((id) => [id, answer]))),
    assesseeName: asksForAssessee ? z.string().trim().min(1, MESSAGES.required).max(120) : z.string().optional(),
    assesseeEmail: asksForAssessee ? email : z.string().optional(),
  });
}
export type AssessmentFormValues = { answers: Record<string, string>; assesseeName?: string; assesseeEmail?: string };

/** Why a mark-assessed is refused when the assessment has nothing to mark. */
export const MARK_ASSESSED_MESSAGES = { noScores: "This assessment has no scores yet" } as const;

/** A customer's active member a partner can send an assessment link to. */
export const AssessmentRecipientDto = z.object({ userId: z.string(), name: z.string().nullable(), email: z.string() }).meta({ id: "AssessmentRecipient" });
export type AssessmentRecipientDto = z.infer<typeof AssessmentRecipientDto>;

/** Why sending links is refused (the API's field messages). */
export const SEND_LINK_MESSAGES = {
  chooseOne: "Choose at least one person",
  tooMany: "At most 50 people at a time",
  notMember: "Not an active member of this customer",
} as const;

/**
 * `POST v1/admin/dependents/{id}/assessment-links`: a link for each chosen
 * member of the customer (the whole assessment or one category), each bound
 * to that member, mailed to them in the partner's branding.
 */
export const SendAssessmentLinksBody = z
  .object({
    category: z.enum(CategoryFilter, { error: "Not a category" }).default("all"),
    userIds: z
      .array(z.string().uuid(MESSAGES.invalidUuid), { error: SEND_LINK_MESSAGES.chooseOne })
      .min(1, SEND_LINK_MESSAGES.chooseOne)
      .max(50, SEND_LINK_MESSAGES.tooMany),
  })
  .meta({ id: "SendAssessmentLinks" });
export type SendAssessmentLinksBody = z.input<typeof SendAssessmentLinksBody>;

export const SentAssessmentLinksDto = z.object({ sent: z.number().int(), assessmentIds: z.array(z.string()) }).meta({ id: "SentAssessmentLinks" });
export type SentAssessmentLinksDto = z.infer<typeof SentAssessmentLinksDto>;

/** `GET v1/scores/recommendations`: the customer's next step, the workouts for its weakest categories (the partner's featured ones before any score). */
export const ScoreRecommendationsDto = CustomerDetailsDto.shape.recommendations;
export type ScoreRecommendationsDto = z.infer<typeof ScoreRecommendationsDto>;
