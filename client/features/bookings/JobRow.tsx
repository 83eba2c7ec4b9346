import { useState } from "react";
import { ChevronDown, ChevronRight, MoreHorizontal } from "../../components/icons";
import type { JobDto } from "../../../contract/bookings";
import { AuditTrail } from "../../components/AuditTrail";
import { Button } from "../../components/ui/Button";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from "../../components/ui/DropdownMenu";
import { TableCell, TableRow } from "../../components/ui/Table";
import { useFormatDate } from "../../lib/dates";
import { useLanguage, useT } from "../../lib/i18n";
import { formatPrice } from "../catalogue/format";
import type { Side } from "./api";
import type { OpenDialog } from "./JobDialogs";
import { JobSessions } from "./JobSessions";
import { JobSharedFiles } from "./JobSharedFiles";
import { JobPeople } from "./JobPeople";
import { StatusBadge } from "./StatusBadge";
import { OverdueBadge } from "./OverdueBadge";

type Props = {
  job: JobDto;
  side: Side;
  expanded: boolean;
  onToggle: () => void;
  onOpen: (open: OpenDialog) => void;
  onSchedule?: (job: JobDto) => void;
  /** A partner's owner or admin also sees the job's audit trail. */
  showAudit: boolean;
};

/** When the job's next session starts: the earliest scheduled time, not yet passed, of a line not completed; null when none is. */
export function nextSessionAt(job: JobDto, now: number): string | null {
  const upcoming = job.lines
    .filter((l) => l.status !== "completed" && l.scheduledAt !== null && Date.parse(l.scheduledAt) >= now)
    .map((l) => l.scheduledAt as string)
    .sort((a, b) => Date.parse(a) - Date.parse(b));
  return upcoming[0] ?? null;
}

/** One job: its outer row (workout, the other side, status, next session, booked, price, actions) and, when expanded, its sessions. */
export function JobRow({ job, side, expanded, onToggle, onOpen, onSchedule, showAudit }: Props) {
  const t = useT();
  const [language] = useLanguage();
  const format = useFormatDate();
  const [now] = useState(() => Date.now());
  const next = nextSessionAt(job, now);
  const name = job.workout.title ?? job.workout.name;
  const actions = job.actions.filter((a) => a !== "completeLine");
  const price =
    job.creditsConsumed > 0
      ? formatPrice({ kind: "credits", amount: job.creditsConsumed }, t, language)
      : job.priceAmount !== null && job.currency
        ? formatPrice({ kind: "money", amount: job.priceAmount, currency: job.currency }, t, language)
        : "—";

  return (
    <>
      <TableRow data-testid="job-row" data-job-id={job.id} className="phone:relative">
        <TableCell>
          <Button
            variant="ghost"
            size="icon-sm"
            aria-expanded={expanded}
            aria-label={expanded ? t("bookings.hideSessions", { name }) : t("bookings.showSessions", { name })}
            onClick={onToggle}
          >
            {expanded ? <ChevronDown aria-hidden="true" /> : <ChevronRight aria-hidden="true" />}
          </Button>
        </TableCell>
        <TableCell className="font-medium" label={t("bookings.col.workout")}>
          {name}
        </TableCell>
        <TableCell label={side === "customer" ? t("bookings.col.deliveryPartner") : t("bookings.col.customer")}>
          {side === "customer" ? (job.deliveryPartner?.name ?? "—") : job.customer.name}
        </TableCell>
        <TableCell label={t("bookings.col.status")}>
          <StatusBadge status={job.status} />
          <OverdueBadge job={job} side={side} />
        </TableCell>
        <TableCell label={t("bookings.col.nextSession")} data-testid="next-session">
          {next ? format(next, "long") : "—"}
        </TableCell>
        <TableCell className="hidden md:table-cell">{format(job.createdAt)}</TableCell>
        <TableCell className="hidden md:table-cell">{price}</TableCell>
        {/* On a phone the actions sit at the card's top right, beside the sessions toggle. */}
        <TableCell className="text-right phone:absolute phone:top-2 phone:right-0">
          {actions.length ? (
            <DropdownMenu>
              <DropdownMenuTrigger asChild>
                <Button variant="ghost" size="icon-sm" aria-label={t("bookings.action.menu", { name })}>
                  <MoreHorizontal aria-hidden="true" />
                </Button>
              </DropdownMenuTrigger>
              <DropdownMenuContent align="end">
                {actions.map((a) => (
                  <DropdownMenuItem
                    key={a}
                    onSelect={() => {
                      if ((a === "requestTimes" || a === "bookSlots") && onSchedule) return onSchedule(job);
                      if (a === "requestTimes" || a === "bookSlots") return onOpen({ kind: "times", job });
                      onOpen({ kind: a, job });
                    }}
                  >
                    {t(`bookings.action.${a}` as const)}
                  </DropdownMenuItem>
                ))}
              </DropdownMenuContent>
            </DropdownMenu>
          ) : null}
        </TableCell>
      </TableRow>
      {expanded ? (
        <tr>
          <td colSpan={8} className="bg-muted/30 px-4 py-3">
            <div className="grid gap-4">
              <JobSessions job={job} side={side} onCompleteLine={(lineId, session) => onOpen({ kind: "completeLine", job, lineId, session })} />
              <JobSharedFiles job={job} side={side} />
              <JobPeople job={job} side={side} />
              {showAudit ? <AuditTrail of={{ job: job.id }} title={t("audit.ofJob", { name })} /> : null}
            </div>
          </td>
        </tr>
      ) : null}
    </>
  );
}
