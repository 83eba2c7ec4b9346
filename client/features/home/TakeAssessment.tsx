import { ClipboardCheck } from "../../components/icons";
import { useNavigate } from "react-router";
import { Button } from "../../components/ui/Button";
import { toastMessage } from "../../components/ui/toast-store";
import { useT } from "../../lib/i18n";
import type { ScoreSummaryDto } from "../../../contract/scores";
import { useAssessmentLink } from "../assessment/api";

/**
 * Home's "Take the assessment" card, for a customer with no score yet: asks
 * for a link (on demand only) and opens the assessment.
 */
export function TakeAssessment({ summary }: { summary: ScoreSummaryDto | undefined }) {
  const t = useT();
  const link = useAssessmentLink();
  const navigate = useNavigate();
  if (!summary || summary.score !== null) return null;
  const start = async () => {
    try {
      const { token } = await link.mutateAsync("all");
      await navigate(`/assessment/${encodeURIComponent(token)}`);
    } catch {
      toastMessage("toast.generic", { variant: "error" });
    }
  };
  return (
    <section aria-labelledby="take-assessment" className="flex flex-wrap items-center gap-4 rounded-xl border border-border bg-card p-6">
      <ClipboardCheck aria-hidden="true" className="size-8 text-brand-text" />
      <div className="min-w-0 flex-1">
        <h2 id="take-assessment" className="font-semibold">
          {t("home.assessmentTitle", { name: summary.name })}
        </h2>
        <p className="text-sm text-muted-foreground">{t("home.assessmentBody")}</p>
      </div>
      <Button loading={link.isPending} onClick={() => void start()}>
        {t("home.takeAssessment")}
      </Button>
    </section>
  );
}
