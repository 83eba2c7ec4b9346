import { describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import { availabilityRows } from "../../db/seed/availability";
import { customerAccounts, DEMO, partnerAccounts } from "../../db/seed/data";
import { DEMO_USERS, identityRows } from "../../db/seed/identity";
import { STORY_DEMO, storyRows } from "../../db/seed/story";

const DAY = 86_400_000;

describe("the demo history", () => {
  // Any day the seed may run on tells the same story relative to it.
  for (const today of [new Date("2027-03-01T08:00:00Z"), new Date("2031-12-31T23:30:00Z")]) {
    const { jobs, lines, audit } = storyRows(today);
    const now = today.getTime();

    it(`is dated from the seed day (${today.toISOString().slice(0, 10)}): nothing booked in the future, a year of history`, () => {
      expect(jobs.every((j) => Date.parse(j.createdAt!) <= now)).toBe(true);
      const oldest = Math.min(...jobs.map((j) => Date.parse(j.createdAt!)));
      expect(now - oldest).toBeGreaterThan(330 * DAY);
      expect(now - oldest).toBeLessThan(366 * DAY);
    });

    it("completed sessions lie in the past; confirmed ones ahead; requests propose future times", () => {
      const statusOf = (line: (typeof lines)[number]) => jobs.find((j) => j.id === line.jobId)?.status;
      const completed = lines.filter((line) => line.status === "completed");
      // Booked sessions lie ahead, but for the started jobs' first ones (see below).
      const started: string[] = [STORY_DEMO.startedJobId, STORY_DEMO.startedOnlineJobId];
      const confirmed = lines.filter((line) => statusOf(line) === "confirmed" && !(started.includes(line.jobId) && line.sequence === 1));
      const requested = lines.filter((line) => statusOf(line) === "awaitingConfirmation");
      expect([completed.length, confirmed.length, requested.length].every((n) => n > 0)).toBe(true);
      expect(completed.filter((line) => !(Date.parse(line.completedAt ?? "") < now))).toEqual([]);
      expect(confirmed.filter((line) => !(Date.parse(line.scheduledAt ?? "") > now))).toEqual([]);
      expect(requested.map((line) => line.scheduledAt)).toEqual(requested.map(() => null));
      expect(requested.filter((line) => !(line.requestedTimes ?? []).every((t) => Date.parse(t) > now))).toEqual([]);
    });

    it("has one request past the 24-hour promise and one within it", () => {
      const overdue = jobs.find((j) => j.id === STORY_DEMO.overdueRequestId)!;
      const fresh = jobs.find((j) => j.id === STORY_DEMO.freshRequestId)!;
      expect([overdue.status, fresh.status]).toEqual(["awaitingConfirmation", "awaitingConfirmation"]);
      expect(now - Date.parse(overdue.createdAt!)).toBeGreaterThan(DAY);
      expect(now - Date.parse(fresh.createdAt!)).toBeLessThan(DAY);
    });

    it("has booked jobs (in person, online) whose first session has started and is not completed, for the partner to complete", () => {
      for (const id of [STORY_DEMO.startedJobId, STORY_DEMO.startedOnlineJobId]) {
        const started = jobs.find((j) => j.id === id)!;
        expect(started.status).toBe("confirmed");
        const [first, ...rest] = lines.filter((l) => l.jobId === started.id).sort((a, b) => a.sequence - b.sequence);
        expect(first).toMatchObject({ status: "confirmed", completedAt: null });
        expect(Date.parse(first!.scheduledAt!)).toBeLessThan(now);
        expect(rest.every((l) => Date.parse(l.scheduledAt!) > now)).toBe(true);
      }
    });

    it("records who requested, confirmed and cancelled each job, with the status from → to, never in the future", () => {
      const of = (code: string) => audit.filter((a) => a.code === code);
      expect(
        of("workoutJobRequested")
          .map((a) => a.subjectId)
          .sort(),
      ).toEqual(
        jobs
          .filter((j) => j.status !== "awaitingScheduling")
          .map((j) => j.id)
          .sort(),
      );
      expect(of("workoutJobCancelled").map((a) => a.subjectId)).toEqual(jobs.filter((j) => j.status === "cancelled").map((j) => j.id));
      expect(of("workoutJobConfirmed").every((a) => (a.data as { change?: { to?: string } }).change?.to === "confirmed")).toBe(true);
      expect(audit.every((a) => Date.parse(a.createdAt!) <= now)).toBe(true);
      expect(new Set(audit.map((a) => a.id)).size).toBe(audit.length);
    });

    it("records an audit entry for each completed session and job, and consumes no credits", () => {
      const completedLines = lines.filter((l) => l.status === "completed");
      const completedJobs = jobs.filter((j) => j.status === "completed");
      expect(
        audit
          .filter((a) => a.code === "workoutSessionJobLineCompleted")
          .map((a) => a.subjectId)
          .sort(),
      ).toEqual(completedLines.map((l) => l.id).sort());
      expect(
        audit
          .filter((a) => a.code === "workoutJobCompleted")
          .map((a) => a.subjectId)
          .sort(),
      ).toEqual(completedJobs.map((j) => j.id).sort());
      expect(jobs.every((j) => j.creditsConsumed === 0 && j.priceAmount! > 0)).toBe(true);
      expect(new Set(jobs.filter((j) => j.accountId === DEMO.customers.fabrikam.id).map((j) => j.status))).toEqual(
        new Set(["completed", "cancelled", "inProgress", "confirmed", "awaitingConfirmation"]),
      );
    });
  }
});

describe("the demo in two zones", () => {
  const zoneOf = (key: keyof typeof DEMO_USERS) => {
    const users = identityRows().find(([table]) => table === schema.users)![1] as { email: string; timeZone: string | null }[];
    return users.find((u) => u.email === DEMO_USERS[key].email)!.timeZone;
  };

  it("puts Northwind, its staff and its hours in Berlin, and Fabrikam and its people in New York", () => {
    expect(partnerAccounts.find((a) => a.id === DEMO.northwind.id)!.timeZone).toBe("Europe/Berlin");
    expect(customerAccounts.find((a) => a.id === DEMO.customers.fabrikam.id)!.timeZone).toBe("America/New_York");
    expect([zoneOf("partnerAdmin"), zoneOf("partnerMember")]).toEqual(["Europe/Berlin", "Europe/Berlin"]);
    expect([zoneOf("customerAdmin"), zoneOf("customerMember")]).toEqual(["America/New_York", "America/New_York"]);
    expect(availabilityRows.find((r) => r.partnerAccountId === DEMO.northwind.id && r.workoutId === null)!.timeZone).toBe("Europe/Berlin");
  });

  it("has a session online (a join link) and one in person (an address), each with an instructor and attendees", () => {
    const { jobs, lines, attendees } = storyRows(new Date("2027-03-01T08:00:00Z"));
    const where = (jobId: string) => lines.filter((l) => l.jobId === jobId).map((l) => l.location);
    expect(where(STORY_DEMO.dashboardsJobId).every((l) => l?.kind === "online" && l.url.startsWith("https://"))).toBe(true);
    expect(where(STORY_DEMO.startedJobId).every((l) => l?.kind === "inPerson" && l.address.includes("New York"))).toBe(true);
    for (const id of [STORY_DEMO.dashboardsJobId, STORY_DEMO.startedJobId, STORY_DEMO.startedOnlineJobId]) {
      expect(jobs.find((j) => j.id === id)!.instructorUserId).toBeTruthy();
      expect(attendees.filter((a) => a.jobId === id).length).toBeGreaterThan(1);
    }
  });
});
