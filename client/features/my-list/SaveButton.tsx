import { Star } from "../../components/icons";
import { Button } from "../../components/ui/Button";
import { toast, toastMessage } from "../../components/ui/toast-store";
import { useT } from "../../lib/i18n";
import { useSavedList, useSavedListActions } from "./api";

/** Saves a workout to My List, or removes it again (a toggle button). */
export function SaveButton({ workoutId }: { workoutId: string }) {
  const t = useT();
  const list = useSavedList();
  const { save, remove } = useSavedListActions();
  const item = list.data?.find((i) => i.workoutId === workoutId);
  const busy = save.isPending || remove.isPending;
  return (
    <Button
      variant="outline"
      size="lg"
      aria-pressed={Boolean(item)}
      loading={busy}
      disabled={list.isPending}
      onClick={() =>
        void (async () => {
          try {
            if (item) {
              await remove.mutateAsync(item.id);
              toast({ title: t("myList.removed"), variant: "success" });
            } else {
              await save.mutateAsync(workoutId);
              toast({ title: t("myList.saved"), variant: "success" });
            }
          } catch {
            toastMessage("toast.savedItemsUpdateFailed");
          }
        })()
      }
    >
      <Star aria-hidden="true" className={item ? "fill-current" : undefined} />
      {item ? t("myList.inList") : t("myList.save")}
    </Button>
  );
}
