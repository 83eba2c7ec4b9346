/**
 * Every enumeration of the product (and the product's own decisions),
 * in one flat file that the database schema, the worker and the client all import.
 *
 * Convention: each enumeration is a readonly tuple of camelCase string values,
 *
 *   export const X = ['a', 'b'] as const;
 *   export type X = (typeof X)[number];
 *
 * so the same name is both the value list (for zod's `z.enum(X)`, drizzle's
 * `text({ enum: X })` and select options) and the union type. Stored values are
 * these exact strings; labels shown to people come from the i18n catalogues
 * (key `enum.<EnumName>.<value>`), never from these values.
 *
 * Values that the product's labels write with spaces or hyphens are camel-cased ("IT and data"
 * → 'itAndData'); codes written in capitals (currencies, locations) and
 * organisation sizes keep their written form because they are shown as they are.
 */

// ─── Accounts, users and membership ──────────────────────────────────────────

/** Account type (partners and customers). */
export const AccountType = ["partner", "customer"] as const;
export type AccountType = (typeof AccountType)[number];

/** Organisation size (number of employees). Shown as written. */
export const OrgSize = ["1-10", "10-25", "25-50", "50-100", "100-250", "250+"] as const;
export type OrgSize = (typeof OrgSize)[number];

/** The 15 industries. */
export const Industry = [
  "agriculture",
  "charity",
  "construction",
  "education",
  "finance",
  "health",
  "hospitality",
  "manufacturing",
  "media",
  "professionalServices",
  "public",
  "retail",
  "technology",
  "transport",
  "utilities",
] as const;
export type Industry = (typeof Industry)[number];

/** Currencies. Money is always integer minor units plus one of these. */
export const Currency = ["USD", "GBP", "CAD"] as const;
export type Currency = (typeof Currency)[number];

/**
 * Account location (country codes as the product writes them). Named
 * AccountLocation so it does not shadow the DOM's global `Location` type.
 */
export const AccountLocation = ["US", "UK", "CA"] as const;
export type AccountLocation = (typeof AccountLocation)[number];

/** Interface languages (default enUS) and colour themes: in ./preferences.ts, which the first page load reads without the rest. */
export { DEFAULT_LANGUAGE, Language, Theme } from "./preferences";

/** Team member type within an account. */
export const TeamMemberType = ["owner", "member"] as const;
export type TeamMemberType = (typeof TeamMemberType)[number];

/** Team member state. */
export const MemberStatus = ["active", "inactive", "pending"] as const;
export type MemberStatus = (typeof MemberStatus)[number];

/** Organisation roles of the identity provider, as the product checks them. */
export const OrgRole = ["owner", "admin", "member"] as const;
export type OrgRole = (typeof OrgRole)[number];

/** Invite state: invites can be accepted or revoked. */
export const InviteStatus = ["pending", "accepted", "revoked"] as const;
export type InviteStatus = (typeof InviteStatus)[number];

/** Team department ("team category"); at least one team per department. */
export const TeamType = ["finance", "marketing", "sales", "operations", "customerSupport", "hr", "itAndData", "leadership"] as const;
export type TeamType = (typeof TeamType)[number];

// ─── Branding and domains ────────────────────────────────────────────────────

/** Font family keys of the partner styling. */
export const FontFamily = ["helveticaNeue", "inter", "manrope", "openSans", "poppins", "roboto"] as const;
export type FontFamily = (typeof FontFamily)[number];

/** Score summary display variant (default 'round'; other variants not shown). */
export const FitScoreVariant = ["round"] as const;
export type FitScoreVariant = (typeof FitScoreVariant)[number];

/** Custom domain state: awaiting connection, then connected by a connection test. */
export const CustomDomainState = ["awaitingConnection", "connected"] as const;
export type CustomDomainState = (typeof CustomDomainState)[number];

// ─── Workouts ────────────────────────────────────────────────────────────────

/** Workout type. */
export const WorkoutType = ["workshop", "discovery", "induction", "review", "delivery"] as const;
export type WorkoutType = (typeof WorkoutType)[number];

/** Workout (and score) category: the seven areas of technology fitness. */
export const Category = [
  "aiAndAutomation",
  "dataAndInsights",
  "productivityAndCollaboration",
  "securityAndContinuity",
  "businessSystemsAndOperations",
  "commsAndConnectivity",
  "strategy",
] as const;
export type Category = (typeof Category)[number];

/** Score search criterion: a category, or 'all' for no filter. */
export const CategoryFilter = ["all", ...Category] as const;
export type CategoryFilter = (typeof CategoryFilter)[number];

/** Workout difficulty. */
export const Difficulty = ["beginner", "intermediate", "pro"] as const;
export type Difficulty = (typeof Difficulty)[number];

/** Workout delivery format (only one value is known). */
export const WorkoutFormat = ["onlineInstructorLed"] as const;
export type WorkoutFormat = (typeof WorkoutFormat)[number];

/** Workout tags ("great for" audiences). */
export const WorkoutTag = [
  "advancedUsers",
  "allUsers",
  "complianceManagers",
  "dataAdmins",
  "finance",
  "departmentHeads",
  "itDecisionMakers",
  "keyStakeholders",
  "leadership",
  "managers",
  "marketing",
  "namedStaffInDrPlan",
  "operations",
  "platformOwners",
  "sales",
  "securityComplianceTeams",
] as const;
export type WorkoutTag = (typeof WorkoutTag)[number];

/** Library status: draft → complete → available → archived (→ draft). */
export const LibraryStatus = ["draft", "complete", "available", "archived"] as const;
export type LibraryStatus = (typeof LibraryStatus)[number];

/**
 * Partner visibility: private (only the author), listed (other partners
 * can add it to their library), limited (only the delivery partners named on it).
 */
export const PartnerVisibility = ["private", "listed", "limited"] as const;
export type PartnerVisibility = (typeof PartnerVisibility)[number];

/** Kind of an item in a workout's featured videos and images. */
export const FeaturedMediaType = ["image", "video"] as const;
export type FeaturedMediaType = (typeof FeaturedMediaType)[number];

/** Condition operators joining the conditions of a visibility expression. */
export const ConditionOperator = ["and", "or"] as const;
export type ConditionOperator = (typeof ConditionOperator)[number];

/** What a visibility condition tests about the customer. */
export const VisibilityField = ["priceGroup", "industry", "size", "location"] as const;
export type VisibilityField = (typeof VisibilityField)[number];

/** How a visibility condition compares: the customer's value is (not) in the list. */
export const VisibilityComparator = ["in", "notIn"] as const;
export type VisibilityComparator = (typeof VisibilityComparator)[number];

/** Prerequisite type. */
export const PrerequisiteType = ["license", "score", "workout"] as const;
export type PrerequisiteType = (typeof PrerequisiteType)[number];

/** Session action item assignee. */
export const ActionItemAssignee = ["customer", "partner"] as const;
export type ActionItemAssignee = (typeof ActionItemAssignee)[number];

/** Session action item stage. */
export const ActionItemStage = ["beforeSession", "afterSession"] as const;
export type ActionItemStage = (typeof ActionItemStage)[number];

/** Session attachment (artifact) type. */
export const SessionArtifactType = ["document", "video", "image", "link", "introVideo"] as const;
export type SessionArtifactType = (typeof SessionArtifactType)[number];

/** Session attachment (artifact) category. */
export const SessionArtifactCategory = ["other", "resource", "howTo", "usefulLinks"] as const;
export type SessionArtifactCategory = (typeof SessionArtifactCategory)[number];

// ─── Pricing ─────────────────────────────────────────────────────────────────

/**
 * Pricing type: 'unit' costs credits (on plan), 'value' costs money
 * (off plan, integer minor units of the line's currency).
 */
export const PricingType = ["value", "unit"] as const;
export type PricingType = (typeof PricingType)[number];

/** Who a pricing line applies to; the most specific line wins. */
export const PriceType = ["allCustomers", "customer", "customerPriceGroup"] as const;
export type PriceType = (typeof PriceType)[number];

// ─── Jobs and bookings ───────────────────────────────────────────────────────

/**
 * Job status. Labels: pending "Processing", awaitingScheduling "To Be Booked",
 * awaitingConfirmation "Booking Requested", timesProposed "Times Proposed" (the
 * partner proposed other times for the customer to accept), confirmed "Booked".
 */
export const JobStatus = [
  "pending",
  "awaitingScheduling",
  "awaitingConfirmation",
  "timesProposed",
  "confirmed",
  "inProgress",
  "completed",
  "cancelled",
] as const;
export type JobStatus = (typeof JobStatus)[number];

/** Job line (session) status: the job statuses without 'cancelled'. */
export const JobLineStatus = ["pending", "awaitingScheduling", "awaitingConfirmation", "timesProposed", "confirmed", "inProgress", "completed"] as const;
export type JobLineStatus = (typeof JobLineStatus)[number];

/** Reason given when a booking is cancelled. */
export const CancellationReason = ["unknown", "availability", "duplicateBooking", "incorrectBooking", "incorrectDateOrTime", "requested", "other"] as const;
export type CancellationReason = (typeof CancellationReason)[number];

/** Reason given when a session is rescheduled or a booking request is denied. */
export const RescheduleReason = ["unknown", "availability", "incorrectDateOrTime", "notReady", "other", "requested"] as const;
export type RescheduleReason = (typeof RescheduleReason)[number];

/** Job artifact type. */
export const JobArtifactType = ["document", "image", "intro", "link", "video"] as const;
export type JobArtifactType = (typeof JobArtifactType)[number];

/** Who a job (booking) line action item or artifact is for. */
export const JobAssigneeType = ["deliveryPartner", "recipient"] as const;
export type JobAssigneeType = (typeof JobAssigneeType)[number];

// ─── Entitlements ────────────────────────────────────────────────────────────

/** Plan commitment term. */
export const CommitmentTerm = ["annual", "monthly"] as const;
export type CommitmentTerm = (typeof CommitmentTerm)[number];

/** How often a credit entry's allowance refreshes (decided here). */
export const RefreshPeriod = ["none", "monthly", "quarterly", "annual"] as const;
export type RefreshPeriod = (typeof RefreshPeriod)[number];

/**
 * Credit line item type: planAdjustment and bonus add credits, consumption
 * subtracts them. The balance is the sum of the signed quantities.
 */
export const CreditLineType = ["planAdjustment", "bonus", "consumption"] as const;
export type CreditLineType = (typeof CreditLineType)[number];

/** Where a credit line came from (decided here). */
export const CreditLineSource = ["plan", "partner", "booking", "cancellation"] as const;
export type CreditLineSource = (typeof CreditLineSource)[number];

/** Direction of a credit line (decided here). Matches the quantity's sign. */
export const CreditUpdateType = ["increase", "decrease"] as const;
export type CreditUpdateType = (typeof CreditUpdateType)[number];

// ─── Scores and assessments ──────────────────────────────────────────────────

/** How a fitness score came to be. */
export const ScoreSource = ["manual", "assessment"] as const;
export type ScoreSource = (typeof ScoreSource)[number];

/** Assessment state: link issued, in progress, assessed. */
export const AssessmentStatus = ["pending", "inProgress", "assessed"] as const;
export type AssessmentStatus = (typeof AssessmentStatus)[number];

// ─── Audit ───────────────────────────────────────────────────────────────────

/** Audit codes. */
export const AuditCode = [
  "fitnessScoreUpdated",
  "workoutJobCompleted",
  "workoutSessionJobLineCompleted",
  // A booking's loose ends (action items, shared files) and the plan catalogue.
  "jobActionItemDone",
  "jobActionItemReopened",
  "jobArtifactShared",
  "jobArtifactRemoved",
  "planRetired",
  "planDeleted",
  "bookingTimesProposed",
  "bookingProposalAccepted",
  "bookingTimesRequestedAgain",
  "workoutJobRequested",
  "workoutJobBooked",
  "workoutJobConfirmed",
  "workoutJobDenied",
  "workoutJobRescheduled",
  "workoutJobRescheduleRequested",
  "workoutJobCancelled",
  "workoutSessionJobLineRescheduled",
  "creditsAdjusted",
  "planStarted",
  "planChanged",
  "planEnded",
  "planCreated",
  "planEdited",
  "priceGroupCreated",
  "priceGroupEdited",
  "priceGroupDeleted",
  "customerPriceGroupChanged",
  "slotPublished",
  "slotClosed",
  "jobAttendeesChanged",
  "jobInstructorChanged",
  "jobLocationChanged",
  "jobAttendanceMarked",
  // Written by the cron (by the system): a plan renewed, a period's credits granted, unused credits expired.
  "planRenewed",
  "creditsRefreshed",
  "creditsExpired",
  // A booking's credits: used when it is booked, given back when it is cancelled.
  "creditsConsumed",
  "creditsReturned",
  // Schedules and settings: a partner's availability (its own or a workout's), a user's time zone.
  "availabilityChanged",
  "userTimeZoneChanged",
  // A partner's own time zone (the default for its slots and its staff's mail).
  "accountTimeZoneChanged",
  // A workout's price for one customer or one price group.
  "priceChanged",
  // A partner's currency, and a customer's following its partner's.
  "accountCurrencyChanged",
  "customerCurrencyChanged",
  // Written by the cron (by the system) in a delivering partner's trail: two of its sessions booked before time claims overlap.
  "bookedSessionsOverlap",
  // Written by the cron (by the system) in a partner's trail: a plan of a customer that left it, settled (no renewal or refresh to come).
  "planSettled",
] as const;
export type AuditCode = (typeof AuditCode)[number];

/** Which setting an audit entry changed, when it records one of several (the client shows its label). */
export const AuditField = [
  "planName",
  "variantName",
  "commitmentTerm",
  "credits",
  "refreshPeriod",
  "price",
  "weeklyHours",
  "dateOverrides",
  "minimumNotice",
  "buffer",
  "timeZone",
  "currency",
] as const;
export type AuditField = (typeof AuditField)[number];

// ─── Homepage builder ────────────────────────────────────────────────────────

/** Homepage row type (the hero row is flagged separately and is fixed). */
export const HomepageRowType = ["carouselSingle", "carouselDouble", "featuredCard", "mediaDouble", "mediaSingle"] as const;
export type HomepageRowType = (typeof HomepageRowType)[number];

/** How a media row displays. */
export const MediaDisplayType = ["short", "full"] as const;
export type MediaDisplayType = (typeof MediaDisplayType)[number];

/** What a homepage slot shows. */
export const SlotItemType = ["category", "featuredGroup", "program", "recommended", "workout", "media"] as const;
export type SlotItemType = (typeof SlotItemType)[number];

// ─── Saved list ──────────────────────────────────────────────────────────────

/** Kind of a saved item (only workouts can be saved so far). */
export const SavedItemType = ["workout"] as const;
export type SavedItemType = (typeof SavedItemType)[number];

// ─── Mail ────────────────────────────────────────────────────────────────────

/** Mail outbox state. */
export const MailStatus = ["queued", "sent", "failed"] as const;
export type MailStatus = (typeof MailStatus)[number];
