import { ringRoom } from "../../components/ui/focus-ring";
import { cn } from "../../lib/cn";
import { zodResolver } from "@hookform/resolvers/zod";
import { lazy, Suspense, useMemo, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { manualScoreFormSchema, SEND_LINK_MESSAGES, SendAssessmentLinksBody, type AssessmentDto, type ManualScoreBody } from "../../../contract/assessments";
import { Category, CategoryFilter } from "../../../contract/enums";
import type { ScoreDto } from "../../../contract/scores";
import { Button } from "../../components/ui/Button";
import { Checkbox, Field, Input } from "../../components/ui/Field";
import { ConfirmDialog, Dialog, DialogContent, DialogFooter } from "../../components/ui/Dialog";
import { Mail } from "../../components/icons";
import { scoreTrend, trendSeries } from "../activity/trend";
import { Skeleton } from "../../components/ui/Skeleton";
import { DataTable } from "../../components/ui/Table";
import { toast, toastMessage } from "../../components/ui/toast-store";
import { ApiError } from "../../lib/api";
import { useFormatDate } from "../../lib/dates";
import { useT } from "../../lib/i18n";
import { translateApiMessage } from "../../lib/api-messages";
import { Section } from "../profile/Section";
import { useAssessmentRecipients, useCustomerAssessments, useCustomerScores, useManualScore, useMarkAssessed, useSendAssessmentLinks } from "./api";
import { toastInvalidForm } from "../../lib/forms";
import type { z } from "zod";
import { setFieldErrors } from "../../lib/forms";
import { enumLabel } from "../../lib/enums";

/** The chart's code comes only with a history to draw. */
const ScoreChart = lazy(() => import("../activity/ScoreChart"));
import { EnumSelect } from "../../components/ui/EnumSelect";
import { CategorySelect } from "../../components/CategorySelect";
import { LeaveGuard } from "../../app/shell/LeaveGuard";

type Latest = { category: Category; latest: ScoreDto; previous: ScoreDto | null };

/** Each category's latest score and the one before it, in the categories' fixed order. */
function latestByCategory(scores: readonly ScoreDto[]): Latest[] {
  const by = new Map<Category, ScoreDto[]>();
  for (const s of scores) by.set(s.category, [...(by.get(s.category) ?? []), s]);
  return Category.flatMap((c) => {
    const [latest, previous = null] = by.get(c) ?? [];
    return latest ? [{ category: c, latest, previous }] : [];
  });
}

/**
 * The customer's fitness scores for its partner: the latest per category
 * with its trend, the partner's manual score, and the customer's submitted
 * assessments (which the partner can mark assessed).
 */
export function CustomerScores({ accountId, customerId }: { accountId: string; customerId: string }) {
  const t = useT();
  const date = useFormatDate();
  const scores = useCustomerScores(accountId, customerId);
  const assessments = useCustomerAssessments(accountId, customerId);
  const mark = useMarkAssessed();
  const [sending, setSending] = useState(false);
  const [marking, setMarking] = useState<AssessmentDto | null>(null);
  const latest = useMemo(() => latestByCategory(scores.data ?? []), [scores.data]);

  const trend = (l: Latest) => {
    if (!l.previous) return t("customers.trendFirst");
    const d = l.latest.scorePercent - l.previous.scorePercent;
    return d > 0 ? t("customers.trendUp", { points: d }) : d < 0 ? t("customers.trendDown", { points: -d }) : t("customers.trendSame");
  };

  return (
    // The tab's cards stand apart, as on the other tabs.
    <div className="grid gap-6">
      <Section
        id="customer-scores"
        title={t("customers.scores")}
        description={t("customers.scoresHint")}
        actions={
          <Button variant="outline" onClick={() => setSending(true)}>
            <Mail aria-hidden="true" />
            {t("customers.sendLink")}
          </Button>
        }
      >
        {scores.isPending ? (
          <Skeleton className="h-24" />
        ) : scores.isError ? (
          <p role="alert" className="text-danger">
            {t("activity.loadFailed")}
          </p>
        ) : latest.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("customers.noScores")}</p>
        ) : (
          <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {latest.map((l) => (
              <li key={l.category} className="rounded-lg border border-border p-4" data-testid="customer-score">
                <p className="text-sm text-muted-foreground">{enumLabel(t, "Category", l.category)}</p>
                <p className="mt-1 text-2xl font-semibold">
                  {l.latest.scorePercent}%{" "}
                  <span className="text-sm font-normal text-muted-foreground">{t("scores.outOfFive", { score: l.latest.score.toFixed(1) })}</span>
                </p>
                <p className="mt-1 text-sm">
                  {trend(l)} · {enumLabel(t, "ScoreSource", l.latest.source)} · {date(l.latest.createdAt)}
                </p>
              </li>
            ))}
          </ul>
        )}
        <ManualScoreForm customerId={customerId} />
      </Section>
      {sending ? <SendLinkDialog accountId={accountId} customerId={customerId} onClose={() => setSending(false)} /> : null}
      <Section id="customer-score-history" title={t("customers.history")} description={t("customers.historyHint")}>
        {scores.data?.length ? <ScoreHistory scores={scores.data} /> : <p className="text-sm text-muted-foreground">{t("customers.noScores")}</p>}
      </Section>
      <Section id="customer-assessments" title={t("customers.assessments")}>
        {assessments.isPending ? (
          <Skeleton className="h-24" />
        ) : (
          <DataTable<AssessmentDto>
            caption={t("customers.assessments")}
            hideCaption
            rows={assessments.data ?? []}
            rowKey={(r) => r.id}
            empty={t("customers.noAssessments")}
            columns={[
              { key: "started", header: t("customers.col.started"), cell: (r) => date(r.createdAt) },
              { key: "category", header: t("customers.col.category"), cell: (r) => enumLabel(t, "CategoryFilter", r.category) },
              { key: "takenBy", header: t("customers.col.takenBy"), cell: (r) => r.takenBy ?? "—" },
              { key: "status", header: t("customers.col.status"), cell: (r) => enumLabel(t, "AssessmentStatus", r.status) },
              { key: "scores", header: t("customers.col.scores"), cell: (r) => r.scoreCount },
              {
                key: "actions",
                header: <span className="sr-only">{t("bookings.col.actions")}</span>,
                className: "text-right",
                cell: (r) =>
                  // Only an assessment with scores can be marked assessed, and only once.
                  r.status === "assessed" || r.scoreCount === 0 ? null : (
                    <Button
                      size="sm"
                      variant="outline"
                      loading={mark.isPending && mark.variables === r.id}
                      aria-label={t("customers.markAssessedOne", { date: date(r.createdAt) })}
                      onClick={() => setMarking(r)}
                    >
                      {t("customers.markAssessed")}
                    </Button>
                  ),
              },
            ]}
          />
        )}
      </Section>
      <ConfirmDialog
        open={marking !== null}
        onOpenChange={(open) => !open && setMarking(null)}
        title={t("customers.markAssessedTitle")}
        description={marking ? t("customers.markAssessedBody", { date: date(marking.createdAt), count: marking.scoreCount }) : undefined}
        confirmLabel={t("customers.markAssessed")}
        loading={mark.isPending}
        onConfirm={() => {
          if (!marking) return;
          mark.mutate(marking.id, {
            onSuccess: () => toast({ title: t("customers.markedAssessed"), variant: "success" }),
            onError: () => toastMessage("toast.generic", { variant: "error" }),
            onSettled: () => setMarking(null),
          });
        }}
      />
    </div>
  );
}

/**
 * The customer's score history: every score over time on a time axis (a
 * line per category, the overall score when more than one), one category or
 * all, and the same scores as a table (date, category, the 1–5 score and its
 * percent, where it came from).
 */
function ScoreHistory({ scores }: { scores: readonly ScoreDto[] }) {
  const t = useT();
  const date = useFormatDate();
  const [category, setCategory] = useState<CategoryFilter>("all");
  const rows = useMemo(() => scores.filter((s) => category === "all" || s.category === category), [scores, category]);
  const trend = useMemo(() => scoreTrend(rows, null, null), [rows]);
  const series = trendSeries(trend);
  return (
    <div className="grid gap-4">
      <CategorySelect value={category} onChange={setCategory} />
      <div className="rounded-xl border border-border p-4">
        <Suspense fallback={<Skeleton className="h-72" />}>
          <ScoreChart points={trend} series={series} />
        </Suspense>
      </div>
      <DataTable<ScoreDto>
        caption={t("customers.historyTable")}
        hideCaption
        rows={[...rows]}
        rowKey={(r) => r.id}
        columns={[
          { key: "date", header: t("activity.col.date"), cell: (r) => date(r.createdAt) },
          { key: "category", header: t("customers.col.category"), cell: (r) => enumLabel(t, "Category", r.category) },
          { key: "score", header: t("scores.col.score"), cell: (r) => `${t("scores.outOfFive", { score: r.score.toFixed(1) })} · ${r.scorePercent}%` },
          { key: "source", header: t("customers.col.source"), cell: (r) => enumLabel(t, "ScoreSource", r.source) },
        ]}
      />
    </div>
  );
}

/** A refused choice of people in the reader's language. */
function sendError(t: ReturnType<typeof useT>, message: string): string {
  if (message === SEND_LINK_MESSAGES.chooseOne) return t("customers.chooseOne");
  if (message === SEND_LINK_MESSAGES.tooMany) return t("customers.tooMany");
  if (message === SEND_LINK_MESSAGES.notMember) return t("customers.notMember");
  return translateApiMessage(message);
}

/** The send dialog's choice as the contract's body: the category and the chosen members. */
type SendChoice = { category: CategoryFilter; userIds: string[] };

/**
 * "Send an assessment link": the whole assessment or one category, to chosen
 * active members of the customer; each gets a link of their own by mail, in
 * the partner's branding. At least one person must be chosen.
 */
function SendLinkDialog({ accountId, customerId, onClose }: { accountId: string; customerId: string; onClose: () => void }) {
  const t = useT();
  const recipients = useAssessmentRecipients(accountId, customerId, true);
  const send = useSendAssessmentLinks(accountId, customerId);
  const form = useForm<z.input<typeof SendAssessmentLinksBody>, unknown, SendChoice>({
    resolver: zodResolver(SendAssessmentLinksBody),
    defaultValues: { category: "all", userIds: [] },
  });
  const error = form.formState.errors.userIds?.message ?? form.formState.errors.userIds?.root?.message;
  const onSubmit = form.handleSubmit(
    async (body) => {
      try {
        const { sent } = await send.mutateAsync(body);
        toast({ title: t("customers.linkSent", { count: sent }), variant: "success" });
        onClose();
      } catch (e) {
        if (!(e instanceof ApiError && setFieldErrors(form.setError, e.fields))) toastMessage("toast.generic", { variant: "error" });
      }
    },
    (errors) => toastInvalidForm(errors),
  );
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent title={t("customers.sendLinkTitle")} description={t("customers.sendLinkBody")}>
        <form noValidate onSubmit={(e) => void onSubmit(e)} className="grid gap-4">
          <Field label={t("activity.category")}>
            <EnumSelect enumName="CategoryFilter" values={CategoryFilter} {...form.register("category")} />
          </Field>
          <fieldset className="grid gap-2" aria-describedby={error ? "send-link-error" : undefined}>
            <legend className="mb-1 text-sm font-medium">
              {t("customers.sendTo")}
              <span className="text-danger" aria-hidden="true">
                {" "}
                *
              </span>
            </legend>
            {recipients.isPending ? (
              <Skeleton className="h-16" />
            ) : recipients.isError ? (
              <p role="alert" className="text-danger">
                {t("message.generic")}
              </p>
            ) : recipients.data.length === 0 ? (
              <p className="text-sm text-muted-foreground">{t("customers.noMembers")}</p>
            ) : (
              <Controller
                control={form.control}
                name="userIds"
                render={({ field }) => (
                  <div className={cn("grid max-h-64 gap-2 overflow-y-auto", ringRoom)}>
                    {recipients.data.map((m) => (
                      <Checkbox
                        key={m.userId}
                        label={m.name ?? m.email}
                        hint={m.name ? m.email : undefined}
                        checked={field.value.includes(m.userId)}
                        onCheckedChange={(on) => field.onChange(on === true ? [...field.value, m.userId] : field.value.filter((id) => id !== m.userId))}
                      />
                    ))}
                  </div>
                )}
              />
            )}
            {error ? (
              <p id="send-link-error" className="text-sm text-danger">
                {sendError(t, error)}
              </p>
            ) : null}
          </fieldset>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              {t("common.cancel")}
            </Button>
            <Button type="submit" loading={send.isPending}>
              {t("customers.send")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** The manual score form, started afresh after each score it adds (a reset to an empty category would leave the select's choice, and the form dirty). */
const ManualScoreForm = ({ customerId }: { customerId: string }) => {
  const [round, setRound] = useState(0);
  return <ManualScoreFields key={round} customerId={customerId} onAdded={() => setRound((n) => n + 1)} />;
};

const ManualScoreFields = ({ customerId, onAdded }: { customerId: string; onAdded: () => void }) => {
  const t = useT();
  const add = useManualScore();
  const { register, handleSubmit, formState, setError } = useForm<z.input<typeof manualScoreFormSchema>, unknown, ManualScoreBody>({
    resolver: zodResolver(manualScoreFormSchema),
    defaultValues: { accountId: customerId, category: undefined, scorePercent: "" },
  });
  const err = (m?: string) => (m ? translateApiMessage(m) : null);
  const submit = handleSubmit(
    async (values) => {
      try {
        await add.mutateAsync(values);
        toast({ title: t("customers.scoreAdded"), variant: "success" });
        onAdded();
      } catch (e) {
        if (e instanceof ApiError && e.status === 400) setFieldErrors(setError, e.fields);
        toastMessage("toast.generic", { variant: "error" });
      }
    },
    (errors) => toastInvalidForm(errors),
  );
  return (
    <form
      onSubmit={(e) => void submit(e)}
      noValidate
      className="mt-6 grid items-start gap-4 border-t border-border pt-6 sm:grid-cols-3"
      aria-label={t("customers.manualScore")}
    >
      <LeaveGuard when={formState.isDirty && !add.isPending} />
      <p className="text-sm text-muted-foreground sm:col-span-3">
        <span className="font-semibold text-foreground">{t("customers.manualScore")}</span> · {t("customers.manualScoreHint")}
      </p>
      <Field label={t("customers.col.category")} required error={err(formState.errors.category?.message)}>
        <EnumSelect enumName="Category" values={Category} {...register("category")} placeholder={t("common.select")} />
      </Field>
      <Field label={t("customers.scorePercent")} required error={err(formState.errors.scorePercent?.message)}>
        <Input type="number" inputMode="numeric" min={0} max={100} step={1} {...register("scorePercent")} />
      </Field>
      <div className="flex items-end sm:pt-7">
        <Button type="submit" loading={add.isPending}>
          {t("customers.addScore")}
        </Button>
      </div>
    </form>
  );
};
