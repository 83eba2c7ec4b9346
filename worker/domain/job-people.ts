/**
 * Who may complete a session and mark who was there: the delivery partner's
 * owners and admins, and a member who instructs it (the session's own
 * instructor, else the job's). A member completing the whole job must
 * instruct every session still open.
 */
import type { JobDto } from "../../contract/bookings";

type Caller = { role: string; user: { id: string } };
type Subject = { lines: Pick<JobDto["lines"][number], "id" | "status" | "instructor">[] };

/** Whether the caller may complete (or mark attendance on) the sessions `lineIds` of the job. */
export function mayComplete(caller: Caller, subject: Subject, lineIds: string[] | "all"): boolean {
  if (caller.role === "owner" || caller.role === "admin") return true;
  const targets = lineIds === "all" ? subject.lines.filter((l) => l.status !== "completed") : subject.lines.filter((l) => lineIds.includes(l.id));
  return targets.length > 0 && targets.every((l) => l.instructor?.id === caller.user.id);
}
