import { Link } from "react-router";
import type { AccountType } from "../../../contract/enums";
import { Building2, X } from "../../components/icons";
import { Button } from "../../components/ui/Button";
import { toast } from "../../components/ui/toast-store";
import { focusRing } from "../../components/ui/focus-ring";
import { cn } from "../../lib/cn";
import { useT } from "../../lib/i18n";
import { useDetailsPrompt, useDismissDetailsPrompt } from "../accounts/api";
import { DETAIL_LABELS, detailFieldId } from "../accounts/details";

/**
 * Home's "complete your details" card, for a partner's or a customer's owner
 * or admin: the organisation's details onboarding left for later that are
 * still empty, each a link to its field. Each person may put it away (kept
 * server-side, for that account); it goes by itself once nothing is missing
 * (docs/decisions/2026-11-27-complete-your-details.md).
 */
export function CompleteDetails({ accountId, type, canEdit }: { accountId: string; type: AccountType; canEdit: boolean }) {
  const t = useT();
  const prompt = useDetailsPrompt(accountId, canEdit);
  const dismiss = useDismissDetailsPrompt(accountId);
  const missing = prompt.data?.missing ?? [];
  if (!canEdit || !prompt.data || prompt.data.dismissed || missing.length === 0) return null;
  const put = () => dismiss.mutate(undefined, { onError: () => toast({ title: t("message.generic"), variant: "error" }) });

  return (
    <section aria-labelledby="complete-details-title" className="rounded-xl border border-border bg-card p-6" data-testid="home-complete-details">
      <div className="flex items-start gap-3">
        <Building2 aria-hidden="true" className="mt-1 size-5 shrink-0 text-brand-text" />
        <div className="grid flex-1 gap-1">
          <h2 id="complete-details-title" className="text-lg font-semibold">
            {t("home.details.title")}
          </h2>
          <p className="text-sm text-muted-foreground">{type === "customer" ? t("home.details.bodyCustomer") : t("home.details.body")}</p>
        </div>
        <Button type="button" variant="ghost" size="sm" onClick={put} disabled={dismiss.isPending} className="shrink-0">
          <X aria-hidden="true" />
          {t("home.details.dismiss")}
        </Button>
      </div>
      <ul aria-label={t("home.details.missing")} className="mt-4 flex flex-wrap gap-2">
        {missing.map((field) => (
          <li key={field}>
            <Link
              to={`/admin/profile#${detailFieldId(field)}`}
              className={cn(
                "inline-flex items-center rounded-full border border-border px-3 py-1 text-sm font-medium text-brand-text underline-offset-4 hover:underline",
                focusRing,
              )}
            >
              {t("home.details.add", { field: t(DETAIL_LABELS[field]).toLowerCase() })}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
