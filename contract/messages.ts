/**
 * The user-facing validation and error texts that the API also returns in its
 * error envelope (`error.fields`). The client shows them through its i18n
 * catalogues, keyed by the same names.
 */
export const MESSAGES = {
  required: "Required",
  missingFields: "Missing Fields: Please complete the required fields.",
  generic: "Oops! Something went wrong. Please try again.",
  invalidDate: "Invalid date",
  startBeforeToday: "Start date cannot be before today",
  endBeforeStart: "End date cannot be before start date",
  invalidQuantity: "Invalid quantity",
  invalidSequence: "Invalid sequence position",
  invalidUuid: "Not a valid UUID",
  alreadyExists: "Value already exists",
  noItems: "No items provided",
  featuredGroupNeedsWorkout: "Add at least one workout",
  invalidUrl: "Must be a valid URL",
  invalidEmail: "Invalid Email",
  invalidColour: "Must be a valid colour",
  fileTooLarge: "File must be under 50MB",
  fileType: "File type is not allowed",
  platformNameTooLong: "Platform name must be at most 20 characters",
  scoreNameTooLong: "Score name must be at most 30 characters",
  scoreStringTooLong: "Score text must be at most 30 characters",
  domainProtocol: "Domain must not include the protocol",
  domainSubdomain: "Domain must be a subdomain",
  domainTld: "Invalid TLD",
  invalidBoolean: "Must be true or false",
  invalidOrigin: "Must be an http or https origin",
  invalidHost: "Must be a host name",
  inviteVerifyFirst: "Verify your email address before accepting this invite",
  inviteOtherAddress: "This invite was sent to another email address",
  categoryRequired: "A category must be set",
  slotNeedsItem: "Choose at least one workout, category or featured group",
  heroTextRequired: "Hero text is required",
  atLeastOneRow: "Add at least one row",
  titleRequired: "Title is required",
  subtitleRequired: "Subtitle is required",
  startDateRequired: "A start date is required when an end date is set",
  endAfterStart: "End date must be after start date",
  oneHeroSlot: "Only one hero slot is allowed",
  heroRowFixed: "The hero row cannot be moved or deleted",
  notNumber: "Must be a number",
} as const;

export type MessageKey = keyof typeof MESSAGES;
