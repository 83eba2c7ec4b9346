import { useState } from "react";
import type { PlanDto } from "../../../contract/entitlements";
import { Trash2 } from "../../components/icons";
import { Badge } from "../../components/ui/Badge";
import { Button } from "../../components/ui/Button";
import { ConfirmDelete } from "../../components/ui/ConfirmDelete";
import { toast, toastMessage } from "../../components/ui/toast-store";
import { useT } from "../../lib/i18n";
import { useRemovePlan } from "./api";

/** "Retired" beside a plan's name once it is retired. */
export function RetiredBadge({ plan }: { plan: PlanDto }) {
  const t = useT();
  return plan.retired ? (
    <Badge tone="warning" className="ml-2">
      {t("plans.retired")}
    </Badge>
  ) : null;
}

/**
 * Deletes a plan after a confirmation: one no customer is on goes; one in
 * use is retired instead (no new starts or changes to it; its customers keep
 * it until changed), and the toast says which.
 */
export function PlanRemove({ plan }: { plan: PlanDto }) {
  const t = useT();
  const remove = useRemovePlan();
  const [open, setOpen] = useState(false);
  const name = `${plan.planName} ${plan.variantName}`;
  return (
    <ConfirmDelete
      name={name}
      open={open}
      onOpenChange={setOpen}
      loading={remove.isPending}
      consequence={t("plans.deleteConsequence")}
      onConfirm={async () => {
        try {
          const { outcome } = await remove.mutateAsync(plan.id);
          setOpen(false);
          toast({ title: outcome === "deleted" ? t("plans.deleted") : t("plans.retiredToast"), variant: "success" });
        } catch {
          toastMessage("toast.planSaveFailed", { variant: "error" });
        }
      }}
      trigger={
        <Button variant="ghost" size="icon-sm" aria-label={t("plans.deleteNamed", { name })}>
          <Trash2 aria-hidden="true" />
        </Button>
      }
    />
  );
}
