import { z } from "zod";
import { CancellationReason, Currency, JobLineStatus, JobStatus, RescheduleReason } from "./enums";
import { AttendeeIds, JobPerson, SessionLocation } from "./job-people";
import { MESSAGES } from "./messages";

const uuid = z.string().uuid(MESSAGES.invalidUuid);

/** An ISO 8601 date-time in the future (a proposed or published session start). */
export const FutureDateTime = z
  .string()
  .refine((v) => !Number.isNaN(Date.parse(v)) && /T\d{2}:\d{2}/.test(v), MESSAGES.invalidDate)
  .refine((v) => Date.parse(v) > Date.now(), "Must be in the future")
  .transform((v) => new Date(v).toISOString());

/** For each session: up to three preferred times (booking request) or one open slot (calendar-based). */
export const SessionChoice = z.object({
  sessionId: uuid,
  times: z.array(FutureDateTime).min(1, MESSAGES.required).max(3, "At most 3 times").optional(),
  slotId: uuid.optional(),
});

export const BookingMode = z.enum(["request", "slots"]);

const choices = z
  .array(SessionChoice)
  .min(1, MESSAGES.noItems)
  .max(100, "At most 100 sessions")
  .superRefine((items, ctx) => {
    const seen = new Set<string>();
    items.forEach((item, i) => {
      if (seen.has(item.sessionId)) ctx.addIssue({ code: "custom", path: [i, "sessionId"], message: MESSAGES.alreadyExists });
      seen.add(item.sessionId);
    });
  });

function modeRule(value: { mode: "request" | "slots"; sessions: z.infer<typeof SessionChoice>[] }, ctx: z.RefinementCtx) {
  value.sessions.forEach((s, i) => {
    if (value.mode === "request" && !s.times?.length) ctx.addIssue({ code: "custom", path: ["sessions", i, "times"], message: MESSAGES.required });
    if (value.mode === "slots" && !s.slotId) ctx.addIssue({ code: "custom", path: ["sessions", i, "slotId"], message: MESSAGES.required });
  });
}

/** `POST v1/bookings`: book a workout (booking overlay: Review → Book → Confirm). */
export const CreateBooking = z
  .object({ workoutId: uuid, variantId: uuid.optional(), mode: BookingMode, sessions: choices, attendees: AttendeeIds.optional() })
  .superRefine(modeRule)
  .meta({ id: "CreateBooking" });
export type CreateBooking = z.infer<typeof CreateBooking>;

/** Scheduling an existing booking again: request times or book slots, for every session line. */
/** The job's version as the caller last read it: a move from a stale screen is refused (409) instead of overriding a change made meanwhile. */
export const SeenVersion = z.number().int().min(0).optional();

/**
 * The reasons a person may give: every reason but "unknown", which only
 * marks records that came without one (a form starts on "Choose a reason").
 */
export const GivenCancellationReason = CancellationReason.filter((r): r is Exclude<CancellationReason, "unknown"> => r !== "unknown");
export const GivenRescheduleReason = RescheduleReason.filter((r): r is Exclude<RescheduleReason, "unknown"> => r !== "unknown");

export const ScheduleBooking = z
  .object({
    mode: BookingMode,
    sessions: choices,
    reason: z.enum(GivenRescheduleReason).optional(),
    comment: z.string().trim().max(500).optional(),
    version: SeenVersion,
  })
  .superRefine(modeRule)
  .meta({ id: "ScheduleBooking" });
export type ScheduleBooking = z.infer<typeof ScheduleBooking>;

export const CancelBooking = z
  .object({ reason: z.enum(GivenCancellationReason), comment: z.string().trim().max(500).optional() })
  .meta({ id: "CancelBooking" });

export const DenyRequest = z.object({ reason: z.enum(GivenRescheduleReason), comment: z.string().trim().max(500).optional() }).meta({ id: "DenyRequest" });

/** The delivery partner confirms a request, choosing one time per session line (one of the proposed ones). */
export const ConfirmRequest = z
  .object({
    lines: z
      .array(z.object({ lineId: uuid, time: FutureDateTime }))
      .min(1, MESSAGES.noItems)
      .max(100, "At most 100 sessions"),
    /** Where every session happens (null: the workout's default); left out, the sessions keep theirs. */
    location: SessionLocation.nullable().optional(),
  })
  .meta({ id: "ConfirmRequest" });

/** The delivery partner moves booked sessions to new times (with a reason); the job stays Booked. */
export const PartnerReschedule = z
  .object({
    reason: z.enum(GivenRescheduleReason),
    comment: z.string().trim().max(500).optional(),
    lines: z.array(z.object({ lineId: uuid, time: FutureDateTime })).min(1, MESSAGES.noItems),
    version: SeenVersion,
  })
  .meta({ id: "PartnerReschedule" });

export const JobIdParam = z.object({ id: uuid });
/** A published slot's id in the path. */
export const SlotIdParam = z.object({ id: uuid });
export const JobLineParams = z.object({ id: uuid, lineId: uuid });

/** What Your Bookings and Your Jobs filter by: status, booked-date range, and a search of workout title and customer name. */
export const JobsSearch = z.object({
  status: z.enum(JobStatus).optional(),
  from: z.string().date(MESSAGES.invalidDate).optional(),
  to: z.string().date(MESSAGES.invalidDate).optional(),
  q: z.string().trim().max(100, "At most 100 characters").optional(),
  /** Only the caller's own: a partner's sessions it instructs, a customer's bookings it attends. */
  mine: z.enum(["true", "false"]).optional(),
});
export type JobsSearch = z.infer<typeof JobsSearch>;

export const JobsQuery = JobsSearch.extend({
  limit: z.coerce.number().int().min(1).max(100).default(50),
  cursor: z.string().max(200).optional(),
});

export const CreateSlot = z
  .object({
    workoutId: uuid,
    sessionId: uuid,
    startsAt: FutureDateTime,
    capacity: z.coerce.number().int(MESSAGES.invalidQuantity).min(1, MESSAGES.invalidQuantity).max(10000, MESSAGES.invalidQuantity),
  })
  .meta({ id: "CreateSlot" });

export const SlotsQuery = z.object({ workoutId: uuid, sessionId: uuid.optional() });

/** `GET v1/bookings/options/{id}`: the options of one variant, else of the workout itself. */
export const BookingOptionsQuery = z.object({ variantId: uuid.optional() });

/** A workout the acting partner delivers, with its sessions, for publishing slots. */
export const DeliveredWorkout = z
  .object({
    id: z.string(),
    name: z.string(),
    title: z.string(),
    maxAttendees: z.number(),
    sessions: z.array(z.object({ id: z.string(), name: z.string(), sequence: z.number(), lengthMinutes: z.number() })),
    /** The partner it is delivered for (its author), when another partner's; null for the partner's own. */
    partnerName: z.string().nullable(),
  })
  .meta({ id: "DeliveredWorkout" });
export type DeliveredWorkout = z.infer<typeof DeliveredWorkout>;

export const SlotDto = z
  .object({
    id: z.string(),
    workoutId: z.string(),
    sessionId: z.string(),
    startsAt: z.string(),
    endsAt: z.string(),
    capacity: z.number(),
    seatsTaken: z.number(),
    partnerName: z.string(),
  })
  .meta({ id: "Slot" });
export type SlotDto = z.infer<typeof SlotDto>;

export const JobAction = z.enum([
  "requestTimes",
  "bookSlots",
  "reschedule",
  "cancel",
  "confirm",
  "deny",
  "completeLine",
  "complete",
  "proposeTimes",
  "acceptProposal",
]);
export type JobActionName = z.infer<typeof JobAction>;

export const JobLineDto = z.object({
  id: z.string(),
  sequence: z.number(),
  sessionId: z.string(),
  sessionName: z.string(),
  lengthMinutes: z.number(),
  status: z.enum(JobLineStatus),
  scheduledAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  requestedTimes: z.array(z.string()),
  slotId: z.string().nullable(),
  actionItems: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      link: z.string().nullable(),
      stage: z.string(),
      assigneeType: z.string(),
      dueAt: z.string().nullable(),
      completedAt: z.string().nullable(),
    }),
  ),
  /** The session's attachments: links, and uploaded files through the access-checked download. */
  attachments: z.array(
    z.object({ id: z.string(), type: z.string(), description: z.string().nullable(), value: z.string().nullable(), fileUri: z.string().nullable() }),
  ),
  /** Where it happens: the session's own place, else the workout's default; null when neither is set. */
  location: SessionLocation.nullable(),
  /** Who instructs it: the session's own instructor, else the job's. */
  instructor: JobPerson.nullable(),
  /** Who was there, as marked when the session was completed. */
  attendance: z.array(z.object({ userId: z.string(), present: z.boolean() })),
});

export const JobDto = z
  .object({
    id: z.string(),
    status: z.enum(JobStatus),
    workout: z.object({ id: z.string(), name: z.string(), title: z.string().nullable() }),
    customer: z.object({ id: z.string(), name: z.string() }),
    partner: z.object({ id: z.string(), name: z.string() }),
    deliveryPartner: z.object({ id: z.string(), name: z.string() }).nullable(),
    creditsConsumed: z.number(),
    priceAmount: z.number().nullable(),
    currency: z.enum(Currency).nullable(),
    cancelReason: z.enum(CancellationReason).nullable(),
    createdAt: z.string(),
    /** Bumped by every change to the job or its lines; send it back with a move to refuse one from a stale screen. */
    version: z.number(),
    lines: z.array(JobLineDto),
    /** What the caller's side may do now (the state machine decides). */
    actions: z.array(JobAction),
    /** A booking request still waiting for the partner's confirmation after 24 hours. */
    overdue: z.boolean(),
    /** The members of the customer's organisation who attend, at most `seats`. */
    attendees: z.array(JobPerson),
    /** How many attendees the booking may name (the workout's max attendees). */
    seats: z.number(),
    /** The job's instructor (a session may have its own). */
    instructor: JobPerson.nullable(),
    /** The start of the next session not yet completed, if booked. */
    nextSessionAt: z.string().nullable(),
  })
  .meta({ id: "Job" });
export type JobDto = z.infer<typeof JobDto>;

export const JobList = z.object({ items: z.array(JobDto), nextCursor: z.string().nullable() }).meta({ id: "JobList" });

/** What the booking overlay shows before booking: sessions, the price and open slots. */
export const BookingOptions = z
  .object({
    workout: z.object({ id: z.string(), name: z.string(), title: z.string().nullable(), maxAttendees: z.number(), totalMinutes: z.number() }),
    sessions: z.array(z.object({ id: z.string(), sequence: z.number(), name: z.string(), lengthMinutes: z.number(), slots: z.array(SlotDto) })),
    price: z.object({ kind: z.enum(["credits", "money"]), amount: z.number(), currency: z.enum(Currency).nullable() }).nullable(),
    creditBalance: z.number(),
    /** The workout's prerequisites the customer does not meet yet, one line each (booking is refused while any is left). */
    missingPrerequisites: z.array(z.string()),
  })
  .meta({ id: "BookingOptions" });
export type BookingOptions = z.infer<typeof BookingOptions>;
