import { ArrowDown, ArrowUp, Star, Trash2 } from "../../components/icons";
import { useState } from "react";
import { Link } from "react-router";
import type { SavedItemDto } from "../../../contract/saved";
import { Page } from "../../components/layout/Page";
import { Button } from "../../components/ui/Button";
import { EmptyState } from "../../components/ui/EmptyState";
import { toast, toastMessage } from "../../components/ui/toast-store";
import { ApiError } from "../../lib/api";
import { useT } from "../../lib/i18n";
import { translateApiMessage } from "../../lib/api-messages";
import { useSavedList, useSavedListActions } from "./api";
import { ConfirmDelete } from "../../components/ui/ConfirmDelete";
import { QueryState } from "../../components/ui/QueryState";
import { enumLabel } from "../../lib/enums";

/**
 * /my-list (Saved Items): the signed-in user's saved workouts in the
 * active account, in their own order. Up and down move an item (buttons, so
 * the keyboard and screen readers can reorder too); removing asks first.
 */
export default function MyListScreen() {
  const t = useT();
  const list = useSavedList();
  const { move, remove } = useSavedListActions();
  const [removing, setRemoving] = useState<SavedItemDto | null>(null);
  const items = list.data ?? [];

  const moveTo = async (item: SavedItemDto, sequence: number, name: string) => {
    try {
      await move.mutateAsync({ id: item.id, sequence });
      toast({ title: t("myList.moved", { name, position: sequence + 1 }), variant: "success" });
    } catch (e) {
      // The list changed meanwhile (another tab removed an item): the position is no longer one of its own; the list reloads.
      const position = e instanceof ApiError && e.status === 400 ? e.fields.sequence : undefined;
      if (position) {
        toast({ title: translateApiMessage(position), variant: "error" });
        void list.refetch();
      } else toastMessage("toast.savedItemsUpdateFailed");
    }
  };

  return (
    <Page title={t("myList.title")}>
      <p className="-mt-2 mb-6 text-muted-foreground">{t("myList.description")}</p>
      <QueryState
        query={list}
        error={t("myList.loadFailed")}
        rows={2}
        rowClassName="h-20"
        isEmpty={() => items.length === 0}
        empty={
          <EmptyState
            icon={<Star aria-hidden="true" />}
            title={t("myList.emptyTitle")}
            description={t("myList.emptyBody")}
            action={
              <Button asChild variant="outline">
                <Link to="/workouts">{t("workout.browse")}</Link>
              </Button>
            }
          />
        }
      >
        {() => (
          <ol className="grid gap-3" aria-label={t("myList.title")}>
            {items.map((item, i) => (
              <li key={item.id} data-testid="saved-item" className="flex flex-wrap items-center gap-4 rounded-xl border border-border bg-card p-4">
                <span aria-hidden="true" className="w-6 text-right font-mono text-sm text-muted-foreground">
                  {i + 1}
                </span>
                <div className="min-w-0 flex-1">
                  <p className="text-xs font-medium tracking-wide text-brand-text uppercase">{enumLabel(t, "Category", item.category)}</p>
                  <Link to={`/workout/${item.workoutId}`} className="font-semibold underline-offset-4 hover:underline">
                    {item.title}
                  </Link>
                  {item.subtitle ? <p className="truncate text-sm text-muted-foreground">{item.subtitle}</p> : null}
                </div>
                <div className="flex items-center gap-1">
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={t("myList.moveUp", { name: item.title })}
                    disabled={i === 0 || move.isPending}
                    onClick={() => void moveTo(item, i - 1, item.title)}
                  >
                    <ArrowUp aria-hidden="true" />
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={t("myList.moveDown", { name: item.title })}
                    disabled={i === items.length - 1 || move.isPending}
                    onClick={() => void moveTo(item, i + 1, item.title)}
                  >
                    <ArrowDown aria-hidden="true" />
                  </Button>
                  <Button variant="ghost" size="icon" aria-label={t("myList.remove", { name: item.title })} onClick={() => setRemoving(item)}>
                    <Trash2 aria-hidden="true" />
                  </Button>
                </div>
              </li>
            ))}
          </ol>
        )}
      </QueryState>
      <ConfirmDelete
        action="remove"
        open={removing !== null}
        onOpenChange={(o) => !o && setRemoving(null)}
        name={removing?.title ?? ""}
        consequence={t("myList.removeBody", { name: removing?.title ?? "" })}
        loading={remove.isPending}
        onConfirm={async () => {
          if (!removing) return;
          try {
            await remove.mutateAsync(removing.id);
            toast({ title: t("myList.removed"), variant: "success" });
          } catch {
            toastMessage("toast.savedItemsUpdateFailed");
          }
          setRemoving(null);
        }}
      />
    </Page>
  );
}
