import type { JobDto } from "../../contract/bookings";
import type { AuditCode } from "../../contract/enums";
import type { AuditWrite } from "./audit";
import type { JobOwner, MoveSubject } from "./jobs";

/**
 * What a move records in the audit trail, in its own batch: the job's entry
 * (`code`: the status from → to, the reason) and, with `lines`, an entry per
 * session whose time the move changed (from the booked time to the new or
 * requested one). A move that fails writes none.
 */
export type MoveAudit = { code: AuditCode; reason?: string | null; lines?: AuditCode };

/** The audit entries of a move by `owner`, from the job as read before it and as it will read after. */
export function moveAuditEntries(owner: JobOwner, { job, lines }: MoveSubject, after: JobDto, a: MoveAudit): AuditWrite[] {
  const by = { accountId: job.accountId, userId: owner.userId };
  const entries: AuditWrite[] = [
    { ...by, code: a.code, subjectType: "job", subjectId: job.id, change: { kind: "status", from: job.status, to: after.status }, reason: a.reason },
  ];
  if (!a.lines) return entries;
  for (const line of after.lines) {
    const before = lines.find((l) => l.id === line.id);
    const to = line.scheduledAt ?? line.requestedTimes[0] ?? null;
    if (!before || (before.scheduledAt ?? before.requestedTimes[0] ?? null) === to) continue;
    entries.push({
      ...by,
      code: a.lines,
      subjectType: "jobLine",
      subjectId: line.id,
      data: { jobId: job.id },
      change: { kind: "time", from: before.scheduledAt, to },
    });
  }
  return entries;
}
