/**
 * Places and people on a booking: where each session happens (online with a
 * meeting link, or in person at an address), who attends (members of the
 * customer's organisation, up to the seats booked), who instructs (a member
 * of the delivery partner) and who was there (marked on completing a session).
 */
import { z } from "zod";
import { MESSAGES } from "./messages";

const uuid = z.string().uuid(MESSAGES.invalidUuid);

export const LOCATION_LIMITS = { url: 500, address: 300 } as const;

/** An https meeting link (nothing else: no http, no javascript:, no relative path). */
export const MeetingUrl = z
  .string()
  .trim()
  .min(1, MESSAGES.required)
  .max(LOCATION_LIMITS.url, MESSAGES.linkTooLong)
  .refine((v) => {
    try {
      const u = new URL(v);
      return u.protocol === "https:" && u.hostname.length > 0;
    } catch {
      return false;
    }
  }, MESSAGES.httpsOnly);

/** Where a session happens. */
export const SessionLocation = z
  .discriminatedUnion("kind", [
    z.object({ kind: z.literal("online"), url: MeetingUrl }),
    z.object({
      kind: z.literal("inPerson"),
      address: z.string().trim().min(1, MESSAGES.required).max(LOCATION_LIMITS.address, MESSAGES.addressTooLong),
    }),
  ])
  .meta({ id: "SessionLocation" });
export type SessionLocation = z.infer<typeof SessionLocation>;

/** A person named on a job (attendee or instructor). */
export const JobPerson = z.object({ id: z.string(), name: z.string(), email: z.string() }).meta({ id: "JobPerson" });
export type JobPerson = z.infer<typeof JobPerson>;

/** `PUT v1/jobs/{id}/location`: one session's place (`lineId`) or every open session's; null goes back to the workout's default. */
export const SetJobLocation = z
  .object({ lineId: uuid.optional(), location: SessionLocation.nullable(), version: z.number().int().min(0).optional() })
  .meta({ id: "SetJobLocation" });
export type SetJobLocation = z.infer<typeof SetJobLocation>;

/** `PUT v1/jobs/{id}/instructor`: the job's instructor, or one session's (`lineId`); null unassigns. */
export const SetJobInstructor = z
  .object({ lineId: uuid.optional(), userId: uuid.nullable(), version: z.number().int().min(0).optional() })
  .meta({ id: "SetJobInstructor" });
export type SetJobInstructor = z.infer<typeof SetJobInstructor>;

/** Attendees as the customer names them: distinct members of its organisation. */
export const AttendeeIds = z
  .array(uuid)
  .max(100, MESSAGES.moreAttendeesThanSeats)
  .superRefine((ids, ctx) => {
    const seen = new Set<string>();
    ids.forEach((id, i) => {
      if (seen.has(id)) ctx.addIssue({ code: "custom", path: [i], message: MESSAGES.alreadyExists });
      seen.add(id);
    });
  });

/** `PUT v1/bookings/{id}/attendees`: the whole list of attendees. */
export const SetAttendees = z.object({ userIds: AttendeeIds, version: z.number().int().min(0).optional() }).meta({ id: "SetAttendees" });
export type SetAttendees = z.infer<typeof SetAttendees>;

/** Completing a session may mark who was there (attendees of the booking only). */
export const CompleteSession = z
  .object({
    attendance: z
      .array(z.object({ userId: uuid, present: z.boolean({ error: MESSAGES.invalidBoolean }) }))
      .max(100)
      .optional(),
  })
  .meta({ id: "CompleteSession" });
export type CompleteSession = z.infer<typeof CompleteSession>;

/** The people one side may name: the customer's members (attendees) or the partner's (instructors). */
export const PeopleList = z.object({ items: z.array(JobPerson) }).meta({ id: "PeopleList" });

/** `GET v1/jobs/sessions`: upcoming sessions for the week and agenda views. */
export const SessionsQuery = z.object({
  from: z.string().datetime({ message: MESSAGES.invalidDate }).optional(),
  to: z.string().datetime({ message: MESSAGES.invalidDate }).optional(),
  mine: z.enum(["true", "false"]).optional(),
});

export const UpcomingSession = z
  .object({
    jobId: z.string(),
    lineId: z.string(),
    workoutName: z.string(),
    sessionName: z.string(),
    customerName: z.string(),
    scheduledAt: z.string(),
    lengthMinutes: z.number(),
    status: z.string(),
    location: SessionLocation.nullable(),
    instructor: JobPerson.nullable(),
  })
  .meta({ id: "UpcomingSession" });
export type UpcomingSession = z.infer<typeof UpcomingSession>;

export const UpcomingSessions = z.object({ items: z.array(UpcomingSession) }).meta({ id: "UpcomingSessions" });
