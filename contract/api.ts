import { CompleteSession, PeopleList, SessionsQuery, SetAttendees, SetJobInstructor, SetJobLocation, UpcomingSessions } from "./job-people";
import { z } from "zod";
import {
  AcceptInviteParams,
  AccountDto,
  AccountExistQuery,
  AccountIdParam,
  AccountPathParam,
  AssignParentBody,
  CreateAccountData,
  DetailsPromptDto,
  InviteLinkDto,
  UpdateAccountProfileData,
} from "./accounts";
import {
  AssessmentDto,
  AssessmentFormDto,
  AssessmentLinkDto,
  AssessmentLinkQuery,
  AssessmentRecipientDto,
  AssessmentResultDto,
  AssessmentTokenParam,
  CustomerPriceGroupBody,
  ManualScoreBody,
  MarkAssessedBody,
  ScoreRecommendationsDto,
  SendAssessmentLinksBody,
  SentAssessmentLinksDto,
  SubmitAssessmentBody,
} from "./assessments";
import { AuditPage, AuditQuery } from "./audit";
import { SetTimeZoneBody } from "./time-zones";
import { CurrencyChangeDto, CurrencyChangeQuery } from "./currency";
import {
  AcceptProposal,
  AvailabilityDto,
  AvailabilityQuery,
  JobOpenTimesQuery,
  OpenTimes,
  ProposeTimes,
  RecurringSlots,
  SaveAvailability,
  WorkoutOpenTimesQuery,
} from "./availability";
import {
  BookingOptions,
  BookingOptionsQuery,
  CancelBooking,
  ConfirmRequest,
  CreateBooking,
  CreateSlot,
  DeliveredWorkout,
  DenyRequest,
  JobDto,
  JobIdParam,
  JobLineParams,
  JobList,
  JobsQuery,
  PartnerReschedule,
  ScheduleBooking,
  SlotDto,
  SlotIdParam,
  SlotsQuery,
} from "./bookings";
import { ActionItemDone, ActionItemParams, JobArtifactData, JobArtifactDto, JobArtifactList, JobArtifactParams } from "./job-extras";
import { CataloguePage, CatalogueQuery, CatalogueWorkout, ReviewBody, ReviewDto, ReviewsDto } from "./catalogue";
import { CustomerDetailsDto, CustomerList, CustomersQuery } from "./customers";
import { AddCustomDomain, CustomDomainDto, CustomDomainExistQuery, CustomDomainIdParam, CustomDomainList, ExistsResponse } from "./domains";
import {
  CancelPlanBody,
  ChangePlanBody,
  CreditAdjustmentBody,
  CreditAdjustmentResult,
  EntitlementsDto,
  PlanEntryDto,
  PlanBody,
  PlanDto,
  PlanEntryParam,
  PlanList,
  PlanParam,
  PlanRemoval,
  StartPlanBody,
} from "./entitlements";
import { FeaturedGroupBody, FeaturedGroupDto, GroupIdParam, PriceGroupBody, PriceGroupDto } from "./groups";
import { HomepageCustomerPreview, HomepageLayoutBody, HomepageLayoutDto, HomepageLayoutShape, HomepageMediaDto, HomepageView } from "./homepage";
import { MoveItemBody, SaveItemBody, SavedItemDto, SavedItemIdParam } from "./saved";
import { AssociateScoreBody, OrphanedScoreDto, ScoreDto, ScoreSummaryDto, ScoresQuery } from "./scores";
import { STYLING_FILE_FIELDS, Styling, StylesQuery, StylingData } from "./styling";
import { IdParam, InviteBody, InviteResult, TeamBody, TeamDto, TeamList, TeamMemberDto, TeamMemberList, UpdateTeamMemberBody } from "./team";
import { SaveUserData, UserDto, UserIdParam } from "./users";
import {
  AttachmentData,
  AttachmentDto,
  AttachmentParams,
  CreateWorkoutBody,
  LibraryPage,
  LibraryQuery,
  LibraryStatusBody,
  ListedWorkout,
  SessionParams,
  TanCheck,
  TanQuery,
  UpdateWorkoutBody,
  VariantBody,
  VariantDto,
  VariantParams,
  WorkoutDto,
  WorkoutIdParam,
} from "./workouts";

/**
 * The /v1 endpoints the client calls, by path and method, with the contract's
 * schemas of their path parameters, query, JSON body or multipart form, and
 * successful answer (null: no body, 204). The client's typed `api.get/post/put/delete` infer
 * every call from this map, so a wrong path, body or answer is a compile
 * error; a worker test holds each entry equal to the endpoint registered in
 * worker/http/endpoint.ts (same schemas as JSON Schema), so the map cannot
 * drift from what the server parses and answers. The client imports it as a
 * type only: none of these schemas reaches a bundle through it.
 */
export type ApiOperation = {
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  form?: ApiForm;
  response: z.ZodType | null;
};
/** A multipart body: a `data` field of JSON parsed by `data`, plus files by field name. */
export type ApiForm = { data: z.ZodType; files: readonly string[] };

/** A multipart entry: the schema of its `data` field and the names of its file fields. */
const form = <D extends z.ZodType, const F extends readonly string[]>(data: D, ...files: F) => ({ data, files });
export type ApiMethod = "get" | "post" | "put" | "delete";

export const apiPaths = {
  // Price groups and featured groups
  "/v1/admin/price-groups": {
    get: { response: PriceGroupDto.array() },
    post: { body: PriceGroupBody, response: PriceGroupDto },
  },
  "/v1/admin/price-groups/{id}": {
    put: { params: GroupIdParam, body: PriceGroupBody, response: PriceGroupDto },
    delete: { params: GroupIdParam, response: null },
  },
  "/v1/admin/featured-groups": {
    get: { response: FeaturedGroupDto.array() },
    post: { body: FeaturedGroupBody, response: FeaturedGroupDto },
  },
  "/v1/admin/featured-groups/{id}": {
    get: { params: GroupIdParam, response: FeaturedGroupDto },
    put: { params: GroupIdParam, body: FeaturedGroupBody, response: FeaturedGroupDto },
    delete: { params: GroupIdParam, response: null },
  },

  // A partner's customers
  "/v1/admin/dependents": { get: { query: CustomersQuery, response: CustomerList } },
  "/v1/admin/dependents/{id}": { get: { params: IdParam, response: CustomerDetailsDto } },
  "/v1/admin/dependents/{id}/price-group": { put: { params: IdParam, body: CustomerPriceGroupBody, response: CustomerPriceGroupBody } },
  "/v1/admin/dependents/{id}/scores": { get: { params: IdParam, response: z.array(ScoreDto) } },
  "/v1/admin/dependents/{id}/assessments": { get: { params: IdParam, response: z.array(AssessmentDto) } },
  "/v1/admin/dependents/{id}/assessment-recipients": { get: { params: IdParam, response: z.array(AssessmentRecipientDto) } },
  "/v1/admin/dependents/{id}/assessment-links": { post: { params: IdParam, body: SendAssessmentLinksBody, response: SentAssessmentLinksDto } },
  "/v1/admin/scores/fitness": { post: { body: ManualScoreBody, response: ScoreDto } },
  "/v1/admin/scores/fitness/mark-assessed": { post: { body: MarkAssessedBody, response: AssessmentDto } },

  // Plans and credits
  "/v1/entitlements": { get: { response: EntitlementsDto } },
  "/v1/admin/entitlements/plans": { get: { response: PlanList }, post: { body: PlanBody, response: PlanDto } },
  "/v1/admin/entitlements/plans/{planId}": {
    put: { params: PlanParam, body: PlanBody, response: PlanDto },
    delete: { params: PlanParam, response: PlanRemoval },
  },
  "/v1/admin/entitlements/plan-entries": { post: { body: StartPlanBody, response: PlanEntryDto } },
  "/v1/admin/entitlements/credit": { post: { body: CreditAdjustmentBody, response: CreditAdjustmentResult } },
  "/v1/admin/entitlements/plans/{planEntryId}/cancel": { post: { params: PlanEntryParam, body: CancelPlanBody, response: PlanEntryDto } },
  "/v1/admin/entitlements/plans/{planEntryId}/change": { post: { params: PlanEntryParam, body: ChangePlanBody, response: PlanEntryDto } },

  // Team members and teams
  "/v1/admin/account-users": { get: { response: TeamMemberList } },
  "/v1/admin/account-users/{id}": { put: { params: IdParam, body: UpdateTeamMemberBody, response: TeamMemberDto } },
  "/v1/admin/account-users/invites": { post: { body: InviteBody, response: InviteResult } },
  "/v1/admin/account-users/invites/{id}/revoke": { post: { params: IdParam, response: null } },
  "/v1/admin/teams": {
    get: { response: TeamList },
    post: { body: TeamBody, response: TeamDto },
  },
  "/v1/admin/teams/{id}": {
    put: { params: IdParam, body: TeamBody, response: TeamDto },
    delete: { params: IdParam, response: null },
  },

  // Custom domains
  "/v1/custom-domains/exist": { get: { query: CustomDomainExistQuery, response: ExistsResponse } },
  "/v1/admin/custom-domains": {
    get: { response: CustomDomainList },
    post: { body: AddCustomDomain, response: CustomDomainDto },
  },
  "/v1/admin/custom-domains/{id}/connect": { post: { params: CustomDomainIdParam, response: CustomDomainDto } },
  "/v1/admin/custom-domains/{id}": { delete: { params: CustomDomainIdParam, response: null } },

  // Users and accounts
  "/v1/users": { post: { form: form(SaveUserData, "photo"), response: UserDto } },
  "/v1/users/{id}": { get: { params: UserIdParam, response: UserDto } },
  "/v1/users/{id}/time-zone": { put: { params: UserIdParam, body: SetTimeZoneBody, response: UserDto } },
  "/v1/admin/users/{id}/clear-onboarding-invites": { post: { params: UserIdParam, response: null } },
  "/v1/accounts": { post: { form: form(CreateAccountData, "logo"), response: AccountDto } },
  "/v1/accounts/exist": { get: { query: AccountExistQuery, response: ExistsResponse } },
  "/v1/accounts/{id}": { get: { params: AccountIdParam, response: AccountDto } },
  "/v1/accounts/{accountId}/invites/{inviteId}": { get: { params: AcceptInviteParams, response: InviteLinkDto } },
  "/v1/accounts/{accountId}/invites/{inviteId}/accept": { post: { params: AcceptInviteParams, response: AccountDto } },
  "/v1/admin/accounts/{accountId}/profile": {
    put: { params: AccountPathParam, form: form(UpdateAccountProfileData, "details.logo"), response: AccountDto },
  },
  "/v1/admin/accounts/{accountId}/time-zone": { put: { params: AccountPathParam, body: SetTimeZoneBody, response: AccountDto } },
  "/v1/admin/accounts/{accountId}/details-prompt": { get: { params: AccountPathParam, response: DetailsPromptDto } },
  "/v1/admin/accounts/{accountId}/details-prompt/dismiss": { post: { params: AccountPathParam, response: DetailsPromptDto } },
  "/v1/admin/accounts/{accountId}/assign-parent": { post: { params: AccountPathParam, body: AssignParentBody, response: AccountDto } },
  "/v1/admin/accounts/{accountId}/currency-change": { get: { params: AccountPathParam, query: CurrencyChangeQuery, response: CurrencyChangeDto } },

  // Styling
  "/v1/styles": { get: { query: StylesQuery, response: Styling } },
  "/v1/admin/styles": {
    get: { response: Styling },
    put: { form: form(StylingData, ...STYLING_FILE_FIELDS), response: Styling },
  },

  // Library: workouts, variants, attachments
  "/v1/admin/workouts": {
    get: { query: LibraryQuery, response: LibraryPage },
    post: { body: CreateWorkoutBody, response: WorkoutDto },
  },
  "/v1/admin/workouts/listed": { get: { response: ListedWorkout.array() } },
  "/v1/admin/workouts/delivery-partners/check": { get: { query: TanQuery, response: TanCheck } },
  "/v1/admin/workouts/{id}": {
    get: { params: WorkoutIdParam, response: WorkoutDto },
    put: { params: WorkoutIdParam, body: UpdateWorkoutBody, response: WorkoutDto },
  },
  "/v1/admin/workouts/{id}/status": { post: { params: WorkoutIdParam, body: LibraryStatusBody, response: WorkoutDto } },
  "/v1/admin/workouts/{id}/library": { post: { params: WorkoutIdParam, response: WorkoutDto } },
  "/v1/admin/workouts/{id}/variants": { post: { params: WorkoutIdParam, body: VariantBody, response: VariantDto } },
  "/v1/admin/workouts/{id}/variants/{variantId}": {
    get: { params: VariantParams, response: VariantDto },
    put: { params: VariantParams, body: VariantBody, response: VariantDto },
  },
  "/v1/admin/workouts/{id}/sessions/{sessionId}/attachments": {
    post: { params: SessionParams, form: form(AttachmentData, "file"), response: AttachmentDto },
  },
  "/v1/admin/workouts/{id}/attachments/{attachmentId}": { delete: { params: AttachmentParams, response: null } },

  // Catalogue and reviews
  "/v1/workouts": { get: { query: CatalogueQuery, response: CataloguePage } },
  "/v1/workouts/{id}": { get: { params: WorkoutIdParam, response: CatalogueWorkout } },
  "/v1/workouts/{id}/reviews": {
    get: { params: WorkoutIdParam, response: ReviewsDto },
    post: { params: WorkoutIdParam, body: ReviewBody, response: ReviewDto },
  },

  // My List
  "/v1/admin/saved-items": {
    get: { response: z.array(SavedItemDto) },
    post: { body: SaveItemBody, response: SavedItemDto },
  },
  "/v1/admin/saved-items/{id}": {
    put: { params: SavedItemIdParam, body: MoveItemBody, response: z.array(SavedItemDto) },
    delete: { params: SavedItemIdParam, response: null },
  },

  // Scores and assessments
  "/v1/scores/summary": { get: { response: ScoreSummaryDto } },
  "/v1/scores/recommendations": { get: { response: ScoreRecommendationsDto } },
  "/v1/scores/fitness": { get: { query: ScoresQuery, response: z.array(ScoreDto) } },
  "/v1/admin/scores/fitness/orphaned": { get: { response: z.array(OrphanedScoreDto) } },
  "/v1/admin/scores/fitness/associate-assessment": { post: { body: AssociateScoreBody, response: ScoreDto } },
  "/v1/assessments/fitness-score": { get: { query: AssessmentLinkQuery, response: AssessmentLinkDto } },
  "/v1/assessments/{token}/open": { post: { params: AssessmentTokenParam, response: AssessmentFormDto } },
  "/v1/assessments/{token}/submit": { post: { params: AssessmentTokenParam, body: SubmitAssessmentBody, response: AssessmentResultDto } },

  // Homepage
  "/v1/homepage": { get: { response: HomepageView } },
  "/v1/admin/homepage": {
    get: { response: HomepageLayoutDto },
    put: { body: HomepageLayoutBody, response: HomepageLayoutDto },
  },
  "/v1/admin/homepage/preview": { post: { body: HomepageLayoutShape, response: HomepageView } },
  "/v1/admin/homepage/preview/customers/{id}": { post: { params: IdParam, body: HomepageLayoutShape, response: HomepageCustomerPreview } },
  "/v1/admin/homepage/media": { post: { form: form(z.object({}), "file"), response: HomepageMediaDto } },

  // Bookings (customer) and jobs (partner)
  "/v1/bookings": {
    get: { query: JobsQuery, response: JobList },
    post: { body: CreateBooking, response: JobDto },
  },
  "/v1/bookings/options/{id}": { get: { params: WorkoutIdParam, query: BookingOptionsQuery, response: BookingOptions } },
  "/v1/bookings/{id}": { get: { params: JobIdParam, response: JobDto } },
  "/v1/bookings/{id}/schedule": { post: { params: JobIdParam, body: ScheduleBooking, response: JobDto } },
  "/v1/bookings/{id}/cancel": { post: { params: JobIdParam, body: CancelBooking, response: JobDto } },
  "/v1/jobs": { get: { query: JobsQuery, response: JobList } },
  "/v1/jobs/{id}": { get: { params: JobIdParam, response: JobDto } },
  "/v1/jobs/{id}/confirm": { post: { params: JobIdParam, body: ConfirmRequest, response: JobDto } },
  "/v1/jobs/{id}/deny": { post: { params: JobIdParam, body: DenyRequest, response: JobDto } },
  "/v1/jobs/{id}/reschedule": { post: { params: JobIdParam, body: PartnerReschedule, response: JobDto } },
  "/v1/jobs/{id}/lines/{lineId}/complete": { post: { params: JobLineParams, body: CompleteSession.optional(), response: JobDto } },
  "/v1/jobs/{id}/complete": { post: { params: JobIdParam, body: CompleteSession.optional(), response: JobDto } },
  "/v1/jobs/{id}/cancel": { post: { params: JobIdParam, body: CancelBooking, response: JobDto } },
  // A booking's loose ends: action items ticked by their side, files and links shared by both sides
  "/v1/bookings/{id}/action-items/{itemId}": { put: { params: ActionItemParams, body: ActionItemDone, response: JobDto } },
  "/v1/jobs/{id}/action-items/{itemId}": { put: { params: ActionItemParams, body: ActionItemDone, response: JobDto } },
  "/v1/bookings/{id}/artifacts": {
    get: { params: JobIdParam, response: JobArtifactList },
    post: { params: JobIdParam, form: form(JobArtifactData, "file"), response: JobArtifactDto },
  },
  "/v1/jobs/{id}/artifacts": {
    get: { params: JobIdParam, response: JobArtifactList },
    post: { params: JobIdParam, form: form(JobArtifactData, "file"), response: JobArtifactDto },
  },
  "/v1/bookings/{id}/artifacts/{artifactId}": { delete: { params: JobArtifactParams, response: null } },
  "/v1/jobs/{id}/artifacts/{artifactId}": { delete: { params: JobArtifactParams, response: null } },
  "/v1/bookings/people": { get: { response: PeopleList } },
  "/v1/bookings/{id}/attendees": { put: { params: JobIdParam, body: SetAttendees, response: JobDto } },
  "/v1/jobs/instructors": { get: { response: PeopleList } },
  "/v1/jobs/sessions": { get: { query: SessionsQuery, response: UpcomingSessions } },
  "/v1/jobs/{id}/location": { put: { params: JobIdParam, body: SetJobLocation, response: JobDto } },
  "/v1/jobs/{id}/instructor": { put: { params: JobIdParam, body: SetJobInstructor, response: JobDto } },
  "/v1/jobs/{id}/lines/{lineId}/attendance": { put: { params: JobLineParams, body: CompleteSession, response: JobDto } },
  "/v1/admin/slots/workouts": { get: { response: z.array(DeliveredWorkout) } },
  "/v1/admin/slots": {
    get: { query: SlotsQuery, response: z.array(SlotDto) },
    post: { body: CreateSlot, response: SlotDto },
  },
  "/v1/admin/slots/{id}": { delete: { params: SlotIdParam, response: null } },
  "/v1/admin/slots/series": { post: { body: RecurringSlots, response: z.array(SlotDto) } },

  // Availability, open times and counter-proposals
  "/v1/admin/availability": {
    get: { query: AvailabilityQuery, response: AvailabilityDto.nullable() },
    put: { body: SaveAvailability, response: AvailabilityDto },
  },
  "/v1/admin/availability/workouts/{id}": { delete: { params: WorkoutIdParam, response: null } },
  "/v1/bookings/options/{id}/open-times": { get: { params: WorkoutIdParam, query: WorkoutOpenTimesQuery, response: OpenTimes } },
  "/v1/bookings/{id}/open-times": { get: { params: JobIdParam, query: JobOpenTimesQuery, response: OpenTimes } },
  "/v1/jobs/{id}/open-times": { get: { params: JobIdParam, query: JobOpenTimesQuery, response: OpenTimes } },
  "/v1/jobs/{id}/propose": { post: { params: JobIdParam, body: ProposeTimes, response: JobDto } },
  "/v1/bookings/{id}/accept": { post: { params: JobIdParam, body: AcceptProposal, response: JobDto } },

  // Audit trails
  "/v1/jobs/{id}/audit": { get: { params: IdParam, query: AuditQuery, response: AuditPage } },
  "/v1/admin/dependents/{id}/audit": { get: { params: IdParam, query: AuditQuery, response: AuditPage } },
  "/v1/admin/audit": { get: { query: AuditQuery, response: AuditPage } },
} satisfies Record<string, Partial<Record<ApiMethod, ApiOperation>>>;

export type ApiPaths = typeof apiPaths;
