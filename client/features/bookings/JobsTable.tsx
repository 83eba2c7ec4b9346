import { useState } from "react";
import type { JobDto } from "../../../contract/bookings";
import { useAppUser } from "../../auth/useAppUser";
import { Table, TableBody, TableHead, TableHeaderCell } from "../../components/ui/Table";
import { useT } from "../../lib/i18n";
import type { Side } from "./api";
import { JobDialogs, type OpenDialog } from "./JobDialogs";
import { JobRow } from "./JobRow";

/**
 * Bookings and jobs: an outer table per job and an inner table per
 * session line, with the actions the state machine allows for this side.
 */
export function JobsTable({
  jobs,
  side,
  onSchedule,
  expandedIds = [],
}: {
  jobs: JobDto[];
  side: Side;
  onSchedule?: (job: JobDto) => void;
  expandedIds?: string[];
}) {
  const t = useT();
  const { role } = useAppUser();
  const [expanded, setExpanded] = useState<Set<string>>(() => new Set(expandedIds));
  const [open, setOpen] = useState<OpenDialog>(null);
  const showAudit = side === "partner" && (role === "owner" || role === "admin");
  const toggle = (id: string) => {
    const next = new Set(expanded);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setExpanded(next);
  };

  return (
    <>
      <Table caption={side === "customer" ? t("bookings.caption") : t("jobs.caption")} hideCaption>
        <TableHead>
          <tr>
            <TableHeaderCell className="w-10">
              <span className="sr-only">{t("bookings.col.session")}</span>
            </TableHeaderCell>
            <TableHeaderCell>{t("bookings.col.workout")}</TableHeaderCell>
            <TableHeaderCell>{side === "customer" ? t("bookings.col.deliveryPartner") : t("bookings.col.customer")}</TableHeaderCell>
            <TableHeaderCell>{t("bookings.col.status")}</TableHeaderCell>
            <TableHeaderCell>{t("bookings.col.nextSession")}</TableHeaderCell>
            <TableHeaderCell className="hidden md:table-cell">{t("bookings.col.booked")}</TableHeaderCell>
            <TableHeaderCell className="hidden md:table-cell">{t("bookings.col.price")}</TableHeaderCell>
            <TableHeaderCell className="text-right">{t("bookings.col.actions")}</TableHeaderCell>
          </tr>
        </TableHead>
        <TableBody>
          {jobs.map((job) => (
            <JobRow
              key={job.id}
              job={job}
              side={side}
              expanded={expanded.has(job.id)}
              onToggle={() => toggle(job.id)}
              onOpen={setOpen}
              onSchedule={onSchedule}
              showAudit={showAudit}
            />
          ))}
        </TableBody>
      </Table>
      <JobDialogs open={open} side={side} onClose={() => setOpen(null)} />
    </>
  );
}
