import { zodResolver } from "@hookform/resolvers/zod";
import { ClipboardCheck } from "../../components/icons";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import type { z } from "zod";
import { AssociateScoreBody, type OrphanedScoreDto } from "../../../contract/scores";
import { Page } from "../../components/layout/Page";
import { Button } from "../../components/ui/Button";
import { CopyButton } from "../../components/ui/CopyButton";
import { Dialog, DialogContent, FormDialogFooter } from "../../components/ui/Dialog";
import { EmptyState } from "../../components/ui/EmptyState";
import { EnumSelect } from "../../components/ui/EnumSelect";
import { Field, Input } from "../../components/ui/Field";
import { CategoryFilter } from "../../../contract/enums";
import { useAssessmentLink } from "../assessment/api";
import { DataTable } from "../../components/ui/Table";
import { toast, toastMessage } from "../../components/ui/toast-store";
import { ApiError } from "../../lib/api";
import { useFormatDate } from "../../lib/dates";
import { enumLabel, oneOf } from "../../lib/enums";
import { setFieldErrors, toastInvalidForm } from "../../lib/forms";
import { useT } from "../../lib/i18n";
import { translateApiMessage } from "../../lib/api-messages";
import { CustomerPicker } from "../customers/CustomerPicker";
import { useAssignScore, useOrphanedScores } from "./api";
import { QueryState } from "../../components/ui/QueryState";
import { LeaveGuard } from "../../app/shell/LeaveGuard";
import { onPhone } from "../../components/ui/phone-widths";
import { cn } from "../../lib/cn";

/**
 * /admin/submitted-scores (Your Customers: submitted scores with no
 * linked account, assign-score overlay): scores whose assessee matched no
 * customer's member; the partner assigns each to one of its customers.
 */
export default function SubmittedScoresScreen() {
  const t = useT();
  const date = useFormatDate();
  const scores = useOrphanedScores();
  const [assigning, setAssigning] = useState<OrphanedScoreDto | null>(null);
  return (
    <Page title={t("scores.submittedTitle")}>
      <p className="-mt-2 mb-6 text-muted-foreground">{t("scores.submittedBody")}</p>
      <PartnerLink />
      <QueryState
        query={scores}
        error={t("scores.loadFailed")}
        rows={1}
        rowClassName="h-32"
        isEmpty={(rows) => rows.length === 0}
        empty={<EmptyState icon={<ClipboardCheck aria-hidden="true" />} title={t("scores.noneTitle")} description={t("scores.noneBody")} />}
      >
        {(rows) => (
          <DataTable<OrphanedScoreDto>
            caption={t("scores.submittedTitle")}
            hideCaption
            rows={rows}
            rowKey={(r) => r.id}
            columns={[
              {
                key: "assessee",
                header: t("scores.col.assessee"),
                cell: (r) => (
                  <span className="grid">
                    <span className="font-medium">{r.assesseeName ?? t("activity.anonymous")}</span>
                    {r.assesseeEmail ? <span className="text-sm text-muted-foreground">{r.assesseeEmail}</span> : null}
                  </span>
                ),
              },
              { key: "category", header: t("scores.col.category"), cell: (r) => enumLabel(t, "Category", r.category) },
              { key: "score", header: t("scores.col.score"), cell: (r) => `${r.score.toFixed(1)} · ${r.scorePercent}%` },
              { key: "entries", header: t("scores.col.entries"), cell: (r) => r.entryCount },
              { key: "date", header: t("scores.col.date"), cell: (r) => date(r.createdAt) },
              {
                key: "assign",
                header: <span className="sr-only">{t("bookings.col.actions")}</span>,
                className: "text-right",
                cell: (r) => (
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={() => setAssigning(r)}
                    aria-label={t("scores.assignOne", { name: r.assesseeName ?? t("activity.anonymous") })}
                  >
                    {t("scores.assign")}
                  </Button>
                ),
              },
            ]}
          />
        )}
      </QueryState>
      {assigning ? <AssignDialog score={assigning} onClose={() => setAssigning(null)} /> : null}
    </Page>
  );
}

/**
 * A partner's assessment link, for people who are not (yet) known as a
 * customer's members: whoever takes it gives a name and e-mail address; a
 * match with a customer's member gives that customer the scores, otherwise
 * they appear in the list above to be assigned.
 */
function PartnerLink() {
  const t = useT();
  const date = useFormatDate();
  const link = useAssessmentLink();
  const [category, setCategory] = useState<CategoryFilter>("all");
  return (
    <section aria-labelledby="partner-link" className="mb-6 grid gap-3 rounded-xl border border-border bg-card p-5">
      <h2 id="partner-link" className="font-semibold">
        {t("scores.linkTitle")}
      </h2>
      <p className="text-sm text-muted-foreground">{t("scores.linkBody")}</p>
      <div className="flex flex-wrap items-end gap-4">
        <Field label={t("activity.category")} className={cn("w-64", onPhone.whole)}>
          <EnumSelect
            enumName="CategoryFilter"
            values={CategoryFilter}
            value={category}
            onChange={(e) => setCategory(oneOf(CategoryFilter, e.target.value) ?? "all")}
          />
        </Field>
        <Button
          variant="outline"
          loading={link.isPending}
          onClick={() => link.mutate(category, { onError: () => toast({ title: t("toast.generic.title"), variant: "error" }) })}
        >
          {t("scores.getLink")}
        </Button>
      </div>
      {link.data ? (
        <Field label={t("scores.link")} hint={t("scores.linkExpires", { date: date(link.data.expiresAt) })}>
          <div className="flex items-center gap-2">
            <Input readOnly value={link.data.url} onFocus={(e) => e.currentTarget.select()} />
            <CopyButton value={link.data.url} label={t("scores.copyLink")} />
          </div>
        </Field>
      ) : null}
    </section>
  );
}

/** The assign-score overlay: pick one of the partner's customers (searched on the server, however many there are). */
function AssignDialog({ score, onClose }: { score: OrphanedScoreDto; onClose: () => void }) {
  const t = useT();
  const assign = useAssignScore();
  const [customerName, setCustomerName] = useState("");
  const form = useForm<z.input<typeof AssociateScoreBody>, unknown, z.output<typeof AssociateScoreBody>>({
    resolver: zodResolver(AssociateScoreBody),
    defaultValues: { scoreId: score.id },
  });
  const error = form.formState.errors.accountId?.message;
  const onSubmit = form.handleSubmit(
    async (body) => {
      try {
        await assign.mutateAsync(body);
        toast({ title: t("scores.assigned", { name: customerName }), variant: "success" });
        onClose();
      } catch (e) {
        if (!(e instanceof ApiError && setFieldErrors(form.setError, e.fields))) toastMessage("toast.generic");
      }
    },
    (errors) => toastInvalidForm(errors),
  );
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent
        title={t("scores.assignTitle")}
        description={t("scores.assignBody", { name: score.assesseeName ?? t("activity.anonymous"), category: enumLabel(t, "Category", score.category) })}
      >
        <LeaveGuard when={form.formState.isDirty && !assign.isPending} />
        <form noValidate onSubmit={(e) => void onSubmit(e)} className="grid gap-4">
          <Field label={t("scores.customer")} required error={error ? translateApiMessage(error) : null}>
            <Controller
              control={form.control}
              name="accountId"
              render={({ field }) => (
                <CustomerPicker
                  ref={field.ref}
                  name={field.name}
                  value={field.value ?? ""}
                  onChange={(id, name) => {
                    field.onChange(id);
                    setCustomerName(name);
                  }}
                />
              )}
            />
          </Field>
          <FormDialogFooter submit={t("scores.assign")} busy={assign.isPending} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
