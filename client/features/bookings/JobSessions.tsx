import { useState } from "react";
import type { JobDto } from "../../../contract/bookings";
import { Button } from "../../components/ui/Button";
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from "../../components/ui/Table";
import { useFormatDate } from "../../lib/dates";
import { useT } from "../../lib/i18n";
import { AttachmentLink } from "../catalogue/AttachmentLink";
import type { Side } from "./api";
import { StatusBadge } from "./StatusBadge";
import { AddToCalendar } from "./AddToCalendar";
import { ActionItemList } from "./ActionItemList";
import { SessionPlace } from "./SessionPlace";

/** An empty cell says so, as the job's own "Next session" does: a label on a phone never stands over nothing. */
const NONE = <span className="text-muted-foreground">—</span>;

/** The inner table of a job: one row per session line, with its time, action items and attachments. */
export function JobSessions({ job, side, onCompleteLine }: { job: JobDto; side: Side; onCompleteLine: (lineId: string, session: string) => void }) {
  const t = useT();
  const format = useFormatDate();
  // A session is completed only once it has started (the time when the sessions opened).
  const [now] = useState(() => Date.now());
  const name = job.workout.title ?? job.workout.name;
  return (
    <Table caption={t("bookings.sessionsOf", { name })}>
      <TableHead>
        <tr>
          <TableHeaderCell>{t("bookings.col.session")}</TableHeaderCell>
          <TableHeaderCell>{t("bookings.col.time")}</TableHeaderCell>
          <TableHeaderCell>{t("bookings.col.status")}</TableHeaderCell>
          <TableHeaderCell>{t("bookings.col.actionItems")}</TableHeaderCell>
          <TableHeaderCell>{t("bookings.col.attachments")}</TableHeaderCell>
          {side === "partner" ? <TableHeaderCell className="text-right">{t("bookings.col.actions")}</TableHeaderCell> : null}
        </tr>
      </TableHead>
      <TableBody>
        {job.lines.map((line) => (
          <TableRow key={line.id}>
            <TableCell label={t("bookings.col.session")}>{line.sessionName}</TableCell>
            <TableCell label={t("bookings.col.time")}>
              {line.scheduledAt
                ? format(line.scheduledAt, "long")
                : line.requestedTimes.length
                  ? t("bookings.proposed", { times: line.requestedTimes.map((x) => format(x, "long")).join("; ") })
                  : t("bookings.notScheduled")}
              <SessionPlace line={line} />
              <div className="mt-1">
                <AddToCalendar side={side} job={job} line={line} />
              </div>
            </TableCell>
            <TableCell label={t("bookings.col.status")}>
              <StatusBadge status={line.status} />
            </TableCell>
            <TableCell label={t("bookings.col.actionItems")}>{line.actionItems.length ? <ActionItemList job={job} line={line} side={side} /> : NONE}</TableCell>
            <TableCell label={t("bookings.col.attachments")}>
              {line.attachments.length ? (
                <ul className="grid gap-1">
                  {line.attachments.map((a) => (
                    <li key={a.id}>
                      <AttachmentLink attachment={a} />
                    </li>
                  ))}
                </ul>
              ) : (
                NONE
              )}
            </TableCell>
            {side === "partner" ? (
              <TableCell className="text-right">
                {job.actions.includes("completeLine") && line.status !== "completed" && line.scheduledAt && Date.parse(line.scheduledAt) <= now ? (
                  <Button size="sm" variant="outline" onClick={() => onCompleteLine(line.id, line.sessionName)}>
                    {t("bookings.action.completeLine")}
                  </Button>
                ) : null}
              </TableCell>
            ) : null}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
