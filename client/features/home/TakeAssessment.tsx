import { ClipboardCheck } from "../../components/icons";
import { useState } from "react";
import { useNavigate } from "react-router";
import { Category, type CategoryFilter } from "../../../contract/enums";
import { Button } from "../../components/ui/Button";
import { EnumSelect } from "../../components/ui/EnumSelect";
import { Field } from "../../components/ui/Field";
import { toastMessage } from "../../components/ui/toast-store";
import { oneOf } from "../../lib/enums";
import { useT } from "../../lib/i18n";
import type { ScoreSummaryDto } from "../../../contract/scores";
import { useAssessmentLink } from "../assessment/api";

/**
 * Home's assessment card. Before any score: "Take the assessment". Once the
 * customer has a score: retake the whole assessment, or reassess one
 * category (only its statements; its new score replaces that category's
 * current one and joins its history). Each asks for a link (on demand only)
 * and opens the assessment.
 */
export function TakeAssessment({ summary }: { summary: ScoreSummaryDto | undefined }) {
  const t = useT();
  const link = useAssessmentLink();
  const navigate = useNavigate();
  const [category, setCategory] = useState<Category>(Category[0]);
  if (!summary) return null;
  const scored = summary.score !== null;
  const start = async (which: CategoryFilter) => {
    try {
      const { token } = await link.mutateAsync(which);
      await navigate(`/assessment/${encodeURIComponent(token)}`);
    } catch {
      toastMessage("toast.generic", { variant: "error" });
    }
  };
  const busy = (which: CategoryFilter) => link.isPending && link.variables === which;
  return (
    <section aria-labelledby="take-assessment" className="flex flex-wrap items-center gap-4 rounded-xl border border-border bg-card p-6">
      <ClipboardCheck aria-hidden="true" className="size-8 text-brand-text" />
      {/* At least 15rem of text: on a phone the button goes below rather than squeezing it. */}
      <div className="min-w-0 flex-1 basis-60">
        <h2 id="take-assessment" className="font-semibold">
          {scored ? t("home.reassessTitle", { name: summary.name }) : t("home.assessmentTitle", { name: summary.name })}
        </h2>
        <p className="text-sm text-muted-foreground">{scored ? t("home.reassessBody") : t("home.assessmentBody")}</p>
      </div>
      <Button loading={busy("all")} disabled={link.isPending} onClick={() => void start("all")}>
        {scored ? t("home.retakeAssessment") : t("home.takeAssessment")}
      </Button>
      {scored ? (
        <div className="flex w-full flex-wrap items-end gap-3 border-t border-border pt-4">
          <Field label={t("home.reassessCategory")} className="w-full sm:w-72">
            <EnumSelect enumName="Category" values={Category} value={category} onChange={(e) => setCategory(oneOf(Category, e.target.value) ?? Category[0])} />
          </Field>
          <Button variant="outline" loading={busy(category)} disabled={link.isPending} onClick={() => void start(category)}>
            {t("home.reassess")}
          </Button>
        </div>
      ) : null}
    </section>
  );
}
