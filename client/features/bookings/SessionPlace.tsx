import type { JobDto } from "../../../contract/bookings";
import { useT } from "../../lib/i18n";
import { LocationText } from "./JobPeople";

/** Where a session happens and who instructs it, under its time. */
export function SessionPlace({ line }: { line: Pick<JobDto["lines"][number], "location" | "instructor"> }) {
  const t = useT();
  return (
    <div className="mt-1 grid gap-0.5 text-xs" data-testid="session-place">
      {line.location ? <LocationText location={line.location} /> : null}
      {line.instructor ? <span className="text-muted-foreground">{t("people.instructedBy", { name: line.instructor.name })}</span> : null}
    </div>
  );
}
