import { ChevronDown, ChevronRight, MoreHorizontal } from "lucide-react";
import { Fragment, useState } from "react";
import type { JobDto } from "../../../contract/bookings";
import { Button } from "../../components/ui/Button";
import { ConfirmDialog } from "../../components/ui/Dialog";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from "../../components/ui/DropdownMenu";
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from "../../components/ui/Table";
import { toast, toastMessage } from "../../components/ui/toast-store";
import { ApiError } from "../../lib/api";
import { useFormatDate } from "../../lib/dates";
import { useT } from "../../lib/i18n";
import { AttachmentLink } from "../catalogue/AttachmentLink";
import { useJobAction, type Side } from "./api";
import { ConfirmTimesDialog, ReasonDialog, TimesDialog } from "./dialogs";
import { StatusBadge } from "./StatusBadge";

type Open =
  | { kind: "cancel" | "deny" | "confirm" | "times" | "reschedule" | "complete"; job: JobDto }
  | { kind: "completeLine"; job: JobDto; lineId: string; session: string }
  | null;

/**
 * SPEC §2 Bookings and jobs: an outer table per job and an inner table per
 * session line, with the actions the state machine allows for this side.
 */
export function JobsTable({ jobs, side, onSchedule }: { jobs: JobDto[]; side: Side; onSchedule?: (job: JobDto) => void }) {
  const t = useT();
  const format = useFormatDate();
  const action = useJobAction();
  const [expanded, setExpanded] = useState<Set<string>>(() => new Set());
  const [open, setOpen] = useState<Open>(null);
  const base = side === "customer" ? "/bookings" : "/jobs";

  const run = async (path: string, body: unknown, done: string, failure: "cancel" | "date" | "other") => {
    try {
      await action.mutateAsync({ path, body });
      toast({ title: t(done as never), variant: "success" });
      setOpen(null);
    } catch (err) {
      if (failure === "cancel") toastMessage("toast.cancelBookingFailed");
      else if (failure === "date") toastMessage("toast.changeBookingDateFailed");
      else toast({ title: t("bookings.actionFailed", { message: err instanceof ApiError ? err.message : t("message.generic") }), variant: "error" });
    }
  };

  const price = (job: JobDto) =>
    job.creditsConsumed > 0
      ? t("bookings.credits", { count: job.creditsConsumed })
      : job.priceAmount !== null && job.currency
        ? new Intl.NumberFormat(undefined, { style: "currency", currency: job.currency }).format(job.priceAmount / 100)
        : "—";

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
            <TableHeaderCell className="hidden md:table-cell">{t("bookings.col.booked")}</TableHeaderCell>
            <TableHeaderCell className="hidden md:table-cell">{t("bookings.col.price")}</TableHeaderCell>
            <TableHeaderCell className="text-right">{t("bookings.col.actions")}</TableHeaderCell>
          </tr>
        </TableHead>
        <TableBody>
          {jobs.map((job) => {
            const name = job.workout.title ?? job.workout.name;
            const isOpen = expanded.has(job.id);
            const actions = job.actions.filter((a) => a !== "completeLine");
            return (
              <Fragment key={job.id}>
                <TableRow data-testid="job-row" data-job-id={job.id}>
                  <TableCell>
                    <Button
                      variant="ghost"
                      size="icon-sm"
                      aria-expanded={isOpen}
                      aria-label={isOpen ? t("bookings.hideSessions", { name }) : t("bookings.showSessions", { name })}
                      onClick={() => {
                        const next = new Set(expanded);
                        if (isOpen) next.delete(job.id);
                        else next.add(job.id);
                        setExpanded(next);
                      }}
                    >
                      {isOpen ? <ChevronDown aria-hidden="true" /> : <ChevronRight aria-hidden="true" />}
                    </Button>
                  </TableCell>
                  <TableCell className="font-medium">{name}</TableCell>
                  <TableCell>{side === "customer" ? (job.deliveryPartner?.name ?? "—") : job.customer.name}</TableCell>
                  <TableCell>
                    <StatusBadge status={job.status} />
                  </TableCell>
                  <TableCell className="hidden md:table-cell">{format(job.createdAt)}</TableCell>
                  <TableCell className="hidden md:table-cell">{price(job)}</TableCell>
                  <TableCell className="text-right">
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
                                if (a === "requestTimes" || a === "bookSlots") return setOpen({ kind: "times", job });
                                setOpen({ kind: a as "cancel" | "deny" | "confirm" | "reschedule" | "complete", job });
                              }}
                            >
                              {t(`bookings.action.${a}` as never)}
                            </DropdownMenuItem>
                          ))}
                        </DropdownMenuContent>
                      </DropdownMenu>
                    ) : null}
                  </TableCell>
                </TableRow>
                {isOpen ? (
                  <tr>
                    <td colSpan={7} className="bg-muted/30 px-4 py-3">
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
                              <TableCell>{line.sessionName}</TableCell>
                              <TableCell>
                                {line.scheduledAt
                                  ? format(line.scheduledAt, "long")
                                  : line.requestedTimes.length
                                    ? t("bookings.proposed", { times: line.requestedTimes.map((x) => format(x, "long")).join("; ") })
                                    : t("bookings.notScheduled")}
                              </TableCell>
                              <TableCell>
                                <StatusBadge status={line.status} />
                              </TableCell>
                              <TableCell>
                                <ul className="grid gap-1">
                                  {line.actionItems.map((item) => (
                                    <li key={item.id}>
                                      {item.link ? (
                                        <a href={item.link} target="_blank" rel="noreferrer" className="text-brand-text underline-offset-4 hover:underline">
                                          {item.name}
                                        </a>
                                      ) : (
                                        item.name
                                      )}
                                      {item.dueAt ? <span className="text-muted-foreground"> · {t("bookings.due", { date: format(item.dueAt) })}</span> : null}
                                    </li>
                                  ))}
                                </ul>
                              </TableCell>
                              <TableCell>
                                <ul className="grid gap-1">
                                  {line.attachments.map((a) => (
                                    <li key={a.id}>
                                      <AttachmentLink attachment={a} />
                                    </li>
                                  ))}
                                </ul>
                              </TableCell>
                              {side === "partner" ? (
                                <TableCell className="text-right">
                                  {job.actions.includes("completeLine") && line.status !== "completed" && line.scheduledAt && Date.parse(line.scheduledAt) <= Date.now() ? (
                                    <Button size="sm" variant="outline" onClick={() => setOpen({ kind: "completeLine", job, lineId: line.id, session: line.sessionName })}>
                                      {t("bookings.action.completeLine")}
                                    </Button>
                                  ) : null}
                                </TableCell>
                              ) : null}
                            </TableRow>
                          ))}
                        </TableBody>
                      </Table>
                    </td>
                  </tr>
                ) : null}
              </Fragment>
            );
          })}
        </TableBody>
      </Table>

      {open?.kind === "cancel" || open?.kind === "deny" ? (
        <ReasonDialog
          open
          kind={open.kind}
          busy={action.isPending}
          onOpenChange={(o) => !o && setOpen(null)}
          onSubmit={(reason, comment) =>
            open.kind === "cancel"
              ? run(`${base}/${open.job.id}/cancel`, { reason, comment: comment || undefined }, "bookings.done.cancelled", "cancel")
              : run(`/jobs/${open.job.id}/deny`, { reason, comment: comment || undefined }, "bookings.done.denied", "other")
          }
        />
      ) : null}
      {open?.kind === "confirm" ? (
        <ConfirmTimesDialog
          open
          job={open.job}
          busy={action.isPending}
          onOpenChange={(o) => !o && setOpen(null)}
          onSubmit={(lines) => run(`/jobs/${open.job.id}/confirm`, { lines }, "bookings.done.confirmed", "date")}
        />
      ) : null}
      {open?.kind === "times" || open?.kind === "reschedule" ? (
        <TimesDialog
          open
          job={open.job}
          withReason={open.kind === "reschedule"}
          busy={action.isPending}
          onOpenChange={(o) => !o && setOpen(null)}
          onSubmit={(times, reason, comment) =>
            side === "partner"
              ? run(`/jobs/${open.job.id}/reschedule`, { reason, comment, version: open.job.version, lines: times.map((x) => ({ lineId: x.lineId, time: x.time })) }, "bookings.done.scheduled", "date")
              : run(`/bookings/${open.job.id}/schedule`, { mode: "request", reason, comment, version: open.job.version, sessions: times.map((x) => ({ sessionId: x.sessionId, times: [x.time] })) }, "bookings.done.scheduled", "date")
          }
        />
      ) : null}
      {open?.kind === "complete" || open?.kind === "completeLine" ? (
        <ConfirmDialog
          open
          onOpenChange={(o) => !o && setOpen(null)}
          title={open.kind === "completeLine" ? t("bookings.completeLineTitle", { session: open.session }) : t("bookings.completeTitle")}
          description={open.kind === "complete" ? t("bookings.completeBody") : undefined}
          confirmLabel={open.kind === "complete" ? t("bookings.action.complete") : t("bookings.action.completeLine")}
          loading={action.isPending}
          onConfirm={() =>
            run(open.kind === "completeLine" ? `/jobs/${open.job.id}/lines/${open.lineId}/complete` : `/jobs/${open.job.id}/complete`, {}, "bookings.done.completed", "other")
          }
        />
      ) : null}
    </>
  );
}
