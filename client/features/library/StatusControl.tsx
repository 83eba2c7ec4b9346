import { useState } from "react";
import { LIBRARY_TRANSITIONS, type WorkoutDto } from "../../../contract/workouts";
import type { LibraryStatus } from "../../../contract/enums";
import { Button } from "../../components/ui/Button";
import { ConfirmDialog } from "../../components/ui/Dialog";
import { toast, toastMessage } from "../../components/ui/toast-store";
import { ApiError } from "../../lib/api";
import { useT } from "../../lib/i18n";
import { useChangeStatus } from "./api";
import { StatusBadge } from "./LibraryScreen";
import { enumLabel } from "../../lib/enums";

/** Library status: the allowed next states, each through a confirmation dialog. */
export function StatusControl({ workout }: { workout: WorkoutDto }) {
  const t = useT();
  const change = useChangeStatus();
  const [target, setTarget] = useState<LibraryStatus | null>(null);
  return (
    <div className="flex flex-wrap items-center gap-2">
      <span className="text-sm text-muted-foreground">{t("editor.status")}</span>
      <StatusBadge status={workout.status} />
      {LIBRARY_TRANSITIONS[workout.status].map((s) => (
        <Button key={s} variant="outline" size="sm" onClick={() => setTarget(s)}>
          {t("editor.markAs", { status: enumLabel(t, "LibraryStatus", s) })}
        </Button>
      ))}
      <ConfirmDialog
        open={target !== null}
        onOpenChange={(o) => !o && setTarget(null)}
        title={t("editor.statusConfirmTitle", { status: target ? enumLabel(t, "LibraryStatus", target) : "" })}
        description={t(
          target === "available" ? "editor.statusConfirmAvailable" : target === "archived" ? "editor.statusConfirmArchived" : "editor.statusConfirmBody",
        )}
        confirmLabel={t("editor.markAs", { status: target ? enumLabel(t, "LibraryStatus", target) : "" })}
        loading={change.isPending}
        onConfirm={async () => {
          if (!target) return;
          try {
            await change.mutateAsync({ id: workout.id, status: target });
            toast({ title: t("editor.statusChanged", { status: enumLabel(t, "LibraryStatus", target) }), variant: "success" });
          } catch (e) {
            if (e instanceof ApiError && e.status === 400) toastMessage("toast.missingFields");
            else toastMessage("toast.generic");
          }
          setTarget(null);
        }}
      />
    </div>
  );
}
