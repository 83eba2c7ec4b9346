/**
 * The demo's history, relative to the day the seed runs so it never goes
 * stale: a year of Fabrikam's completed workouts with Northwind (one session a
 * month or so), one in progress, upcoming confirmed bookings, a booking
 * request awaiting confirmation and one overdue (asked three days ago), a
 * booked job whose first session has started and is not completed yet (for
 * the partner to complete), and a few jobs of Northwind's other customers so
 * Your Jobs has more than one customer to search. Every job carries its audit
 * entries: requested, confirmed, cancelled, each session and the job
 * completed, with who and the status from → to.
 * Paid off plan (money, not credits), so the credit balances stay as seeded.
 */
import type { JobLineStatus, JobStatus } from "../../contract/enums";
import type { NewAuditEntry, NewJob, NewJobAttendee, NewJobLine, SessionLocation } from "../schema";
import { DEMO, pricingLineRows, sessionRows } from "./data";

/** Ids of this file's own kinds (second group 0x50–0x53), in the same shape as demoId's. */
const ownId = (kind: number, n: number) => `de000000-${kind.toString(16).padStart(4, "0")}-4000-8000-${n.toString(16).padStart(12, "0")}`;
const jobId = (n: number) => ownId(0x50, n);
const lineId = (n: number) => ownId(0x51, n);
const auditId = (n: number) => ownId(0x52, n);
const attendeeId = (n: number) => ownId(0x53, n);

const NORTHWIND = DEMO.northwind.id;
/** Ada (Northwind's owner) completes sessions; Cara (Fabrikam's owner) books. */
const ADA = "de000000-001b-4000-8000-000000000001";
const CARA = "de000000-001b-4000-8000-000000000003";
/** Ben (a Northwind member) instructs; Dan (a Fabrikam member) attends. */
const BEN = "de000000-001b-4000-8000-000000000002";
const DAN = "de000000-001b-4000-8000-000000000004";
/** Where Fabrikam's in-person sessions are held. */
const FABRIKAM_OFFICE = "Fabrikam, 350 Fifth Avenue, 21st floor, New York, NY 10118";

type WorkoutKey = keyof typeof DEMO.workouts;
type Story = {
  customer: keyof typeof DEMO.customers;
  workout: WorkoutKey;
  status: JobStatus;
  /** Days from the seed day: when it was booked, and when each session is (or was) held. */
  bookedDaysAgo: number;
  sessionDays: number[];
  /** How many sessions are completed (the first ones). */
  done?: number;
  booker?: string | null;
  /** The sessions' hour (UTC), 9 unless given. */
  hour?: number;
  /** Where the sessions happen, who instructs them and who attends. */
  people?: { location: SessionLocation; instructor: string; attendees: string[] };
};

/** What happened, oldest first. Negative days are in the past. */
const STORY: Story[] = [
  { customer: "fabrikam", workout: "copilotFoundations", status: "completed", bookedDaysAgo: 360, sessionDays: [-345, -338] },
  { customer: "fabrikam", workout: "phishingResilience", status: "completed", bookedDaysAgo: 320, sessionDays: [-305, -298] },
  { customer: "fabrikam", workout: "dataLiteracy", status: "completed", bookedDaysAgo: 280, sessionDays: [-262, -255] },
  { customer: "fabrikam", workout: "modernMeetings", status: "completed", bookedDaysAgo: 230, sessionDays: [-214, -207] },
  { customer: "fabrikam", workout: "powerAutomate", status: "completed", bookedDaysAgo: 190, sessionDays: [-176, -169, -162] },
  { customer: "fabrikam", workout: "drTabletop", status: "cancelled", bookedDaysAgo: 160, sessionDays: [-140, -133, -126] },
  { customer: "fabrikam", workout: "dashboards", status: "completed", bookedDaysAgo: 150, sessionDays: [-134, -127, -120] },
  { customer: "fabrikam", workout: "crmHealthCheck", status: "completed", bookedDaysAgo: 110, sessionDays: [-95, -88] },
  { customer: "fabrikam", workout: "roadmapDiscovery", status: "completed", bookedDaysAgo: 75, sessionDays: [-61, -54, -47] },
  { customer: "fabrikam", workout: "copilotFoundations", status: "completed", bookedDaysAgo: 45, sessionDays: [-31, -24] },
  { customer: "fabrikam", workout: "hybridConnectivity", status: "inProgress", bookedDaysAgo: 20, sessionDays: [-5, 3], done: 1 },
  {
    customer: "fabrikam",
    workout: "dashboards",
    status: "confirmed",
    bookedDaysAgo: 12,
    sessionDays: [6, 13, 20],
    people: { location: { kind: "online", url: "https://meet.northwind.test/dashboards" }, instructor: BEN, attendees: [CARA, DAN] },
  },
  { customer: "fabrikam", workout: "modernMeetings", status: "confirmed", bookedDaysAgo: 9, sessionDays: [20, 27] },
  { customer: "fabrikam", workout: "drTabletop", status: "awaitingConfirmation", bookedDaysAgo: 3, sessionDays: [9, 16, 23] },
  { customer: "fabrikam", workout: "powerAutomate", status: "awaitingConfirmation", bookedDaysAgo: 0, sessionDays: [15, 22, 29] },
  { customer: "alpine", workout: "modernMeetings", status: "completed", bookedDaysAgo: 200, sessionDays: [-180, -173], booker: null },
  { customer: "alpine", workout: "copilotFoundations", status: "confirmed", bookedDaysAgo: 14, sessionDays: [8, 15], booker: null },
  { customer: "tailspin", workout: "dataLiteracy", status: "completed", bookedDaysAgo: 120, sessionDays: [-100, -93], booker: null },
  { customer: "tailspin", workout: "powerAutomate", status: "awaitingScheduling", bookedDaysAgo: 2, sessionDays: [], booker: null },
  // Booked; its first session started yesterday at 14:00 UTC (09:00 in New York, 15:00 in Central Europe) and is not completed yet.
  // Held at Fabrikam's New York office: Ben instructs, Cara and Dan attend (attendance is marked when completing).
  {
    customer: "fabrikam",
    workout: "phishingResilience",
    status: "confirmed",
    bookedDaysAgo: 8,
    sessionDays: [-1, 6],
    hour: 14,
    people: { location: { kind: "inPerson", address: FABRIKAM_OFFICE }, instructor: BEN, attendees: [CARA, DAN] },
  },
  // Online, booked; its first session started yesterday at 15:00 UTC (10:00 in New York, 16:00 in Berlin in winter): Ben instructs it and may complete it.
  {
    customer: "fabrikam",
    workout: "hybridConnectivity",
    status: "confirmed",
    bookedDaysAgo: 7,
    sessionDays: [-1, 7],
    hour: 15,
    people: { location: { kind: "online", url: "https://meet.northwind.test/hybrid-review" }, instructor: BEN, attendees: [CARA, DAN] },
  },
];

const DAY = 86_400_000;

/** The day's instant at `hour`:00 UTC, `days` from `today`. */
function at(today: Date, days: number, hour = 9): string {
  const d = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate(), hour));
  return new Date(d.getTime() + days * DAY).toISOString();
}

/** The story's jobs, lines and audit entries as of `today`. */
export function storyRows(today = new Date()): { jobs: NewJob[]; lines: NewJobLine[]; audit: NewAuditEntry[]; attendees: NewJobAttendee[] } {
  const attendees: NewJobAttendee[] = [];
  const jobs: NewJob[] = [];
  const lines: NewJobLine[] = [];
  const audit: NewAuditEntry[] = [];
  let lineN = 0;
  STORY.forEach((s, i) => {
    const id = jobId(i + 1);
    const customer = DEMO.customers[s.customer];
    const workoutId = DEMO.workouts[s.workout];
    const offPlan = pricingLineRows.find((l) => l.workoutId === workoutId && !l.onPlan)!;
    const sessions = sessionRows.filter((x) => x.workoutId === workoutId).sort((a, b) => a.sequence - b.sequence);
    // A booking made today was made an hour ago (so the request is not yet overdue).
    const bookedAt = s.bookedDaysAgo === 0 ? new Date(today.getTime() - 3_600_000).toISOString() : at(today, -s.bookedDaysAgo, 10);
    const done = s.status === "completed" ? sessions.length : (s.done ?? 0);
    const lastDay = s.sessionDays[sessions.length - 1] ?? 0;
    jobs.push({
      id,
      accountId: customer.id,
      partnerAccountId: NORTHWIND,
      deliveryPartnerAccountId: NORTHWIND,
      workoutId,
      status: s.status,
      version: 1,
      creditsConsumed: 0,
      pricingLineId: offPlan.id,
      priceAmount: offPlan.amount,
      currency: offPlan.currency,
      bookedByUserId: s.booker === null ? null : CARA,
      cancelReason: s.status === "cancelled" ? "availability" : null,
      cancelComment: s.status === "cancelled" ? "Half the team on leave that week" : null,
      cancelledAt: s.status === "cancelled" ? at(today, -s.bookedDaysAgo + 10, 11) : null,
      completedAt: s.status === "completed" ? at(today, lastDay, 12) : null,
      createdAt: bookedAt,
      updatedAt: s.status === "completed" ? at(today, lastDay, 12) : bookedAt,
      instructorUserId: s.people?.instructor ?? null,
    });
    s.people?.attendees.forEach((userId, k) =>
      attendees.push({ id: attendeeId(i * 10 + k + 1), accountId: customer.id, jobId: id, userId, createdAt: bookedAt }),
    );
    sessions.forEach((session, k) => {
      const day = s.sessionDays[k] ?? 0;
      const completed = k < done;
      const status: JobLineStatus =
        s.status === "cancelled" || s.status === "awaitingScheduling"
          ? "awaitingScheduling"
          : completed
            ? "completed"
            : s.status === "inProgress"
              ? "inProgress"
              : s.status;
      const requesting = s.status === "awaitingConfirmation";
      const scheduled = s.sessionDays.length && !requesting && s.status !== "cancelled" ? at(today, day, s.hour) : null;
      const n = ++lineN;
      lines.push({
        id: lineId(n),
        accountId: customer.id,
        jobId: id,
        sessionId: session.id!,
        sequence: session.sequence,
        status,
        scheduledAt: scheduled,
        requestedTimes: requesting ? [at(today, day, s.hour), at(today, day + 1, 14)] : [],
        completedAt: completed ? at(today, day, 12) : null,
        location: s.people?.location ?? null,
        createdAt: bookedAt,
        updatedAt: completed ? at(today, day, 12) : bookedAt,
      });
      if (completed) {
        audit.push({
          id: auditId(n),
          accountId: customer.id,
          code: "workoutSessionJobLineCompleted",
          subjectType: "jobLine",
          subjectId: lineId(n),
          userId: ADA,
          data: { jobId: id, change: { kind: "status", from: k === 0 ? "confirmed" : "inProgress", to: "completed" } },
          createdAt: at(today, day, 12),
        });
      }
    });
    if (s.status === "completed") {
      audit.push({
        id: auditId(1000 + i),
        accountId: customer.id,
        code: "workoutJobCompleted",
        subjectType: "job",
        subjectId: id,
        userId: ADA,
        data: { workoutId, change: { kind: "status", from: "inProgress", to: "completed" } },
        createdAt: at(today, lastDay, 12),
      });
    }
    // How it came to be: requested by its booker, confirmed by Ada the next day, or cancelled by its booker.
    const booker = s.booker === null ? null : CARA;
    const job = { accountId: customer.id, subjectType: "job", subjectId: id };
    if (s.status !== "awaitingScheduling")
      audit.push({
        ...job,
        id: auditId(2000 + i),
        code: "workoutJobRequested",
        userId: booker,
        data: { change: { kind: "status", from: null, to: "awaitingConfirmation" } },
        createdAt: bookedAt,
      });
    if (s.status === "confirmed" || s.status === "inProgress" || s.status === "completed" || s.status === "cancelled")
      audit.push({
        ...job,
        id: auditId(3000 + i),
        code: "workoutJobConfirmed",
        userId: ADA,
        data: { change: { kind: "status", from: "awaitingConfirmation", to: "confirmed" } },
        createdAt: at(today, -s.bookedDaysAgo + 1, 10),
      });
    if (s.status === "cancelled")
      audit.push({
        ...job,
        id: auditId(4000 + i),
        code: "workoutJobCancelled",
        userId: booker,
        data: { reason: "availability", change: { kind: "status", from: "confirmed", to: "cancelled" } },
        createdAt: at(today, -s.bookedDaysAgo + 10, 11),
      });
  });
  return { jobs, lines, audit, attendees };
}

export const STORY_DEMO = {
  /** Fabrikam's upcoming Dashboards booking: online, Ben instructs, Cara and Dan attend. */
  dashboardsJobId: jobId(12),
  /** Fabrikam's booking request asked three days ago: past the 24-hour promise. */
  overdueRequestId: jobId(14),
  /** Fabrikam's booking request asked an hour before the seed ran. */
  freshRequestId: jobId(15),
  /** Fabrikam's booked job whose first session has started and is not completed (in person). */
  startedJobId: jobId(20),
  /** Fabrikam's booked online job whose first session has started, instructed by Ben, Cara and Dan attending. */
  startedOnlineJobId: jobId(21),
} as const;
