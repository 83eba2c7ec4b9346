import { zodResolver } from "@hookform/resolvers/zod";
import { useMemo } from "react";
import { useForm } from "react-hook-form";
import { manualScoreFormSchema, type AssessmentDto, type ManualScoreBody } from "../../../contract/assessments";
import { Category } from "../../../contract/enums";
import type { ScoreDto } from "../../../contract/scores";
import { Button } from "../../components/ui/Button";
import { Field, Input } from "../../components/ui/Field";
import { Skeleton } from "../../components/ui/Skeleton";
import { DataTable } from "../../components/ui/Table";
import { toast, toastMessage } from "../../components/ui/toast-store";
import { ApiError } from "../../lib/api";
import { useFormatDate } from "../../lib/dates";
import { translateApiMessage, useT } from "../../lib/i18n";
import { Section } from "../profile/Section";
import { useCustomerAssessments, useCustomerScores, useManualScore, useMarkAssessed } from "./api";
import { toastInvalidForm } from "../../lib/forms";
import type { z } from "zod";
import { setFieldErrors } from "../../lib/forms";
import { enumLabel } from "../../lib/enums";
import { EnumSelect } from "../../components/ui/EnumSelect";
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
  const latest = useMemo(() => latestByCategory(scores.data ?? []), [scores.data]);

  const trend = (l: Latest) => {
    if (!l.previous) return t("customers.trendFirst");
    const d = l.latest.scorePercent - l.previous.scorePercent;
    return d > 0 ? t("customers.trendUp", { points: d }) : d < 0 ? t("customers.trendDown", { points: -d }) : t("customers.trendSame");
  };

  return (
    <>
      <Section id="customer-scores" title={t("customers.scores")} description={t("customers.scoresHint")}>
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
                <p className="mt-1 text-2xl font-semibold">{l.latest.scorePercent}%</p>
                <p className="mt-1 text-sm">
                  {trend(l)} · {enumLabel(t, "ScoreSource", l.latest.source)} · {date(l.latest.createdAt)}
                </p>
              </li>
            ))}
          </ul>
        )}
        <ManualScoreForm customerId={customerId} />
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
                  r.status === "assessed" ? null : (
                    <Button
                      size="sm"
                      variant="outline"
                      loading={mark.isPending && mark.variables === r.id}
                      aria-label={t("customers.markAssessedOne", { date: date(r.createdAt) })}
                      onClick={() =>
                        mark.mutate(r.id, {
                          onSuccess: () => toast({ title: t("customers.markedAssessed"), variant: "success" }),
                          onError: () => toastMessage("toast.generic", { variant: "error" }),
                        })
                      }
                    >
                      {t("customers.markAssessed")}
                    </Button>
                  ),
              },
            ]}
          />
        )}
      </Section>
    </>
  );
}

const ManualScoreForm = ({ customerId }: { customerId: string }) => {
  const t = useT();
  const add = useManualScore();
  const { register, handleSubmit, formState, reset, setError } = useForm<z.input<typeof manualScoreFormSchema>, unknown, ManualScoreBody>({
    resolver: zodResolver(manualScoreFormSchema),
    defaultValues: { accountId: customerId, category: undefined, scorePercent: "" },
  });
  const err = (m?: string) => (m ? translateApiMessage(m) : null);
  const submit = handleSubmit(
    async (values) => {
      try {
        await add.mutateAsync(values);
        toast({ title: t("customers.scoreAdded"), variant: "success" });
        reset({ accountId: customerId, category: undefined, scorePercent: "" });
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
