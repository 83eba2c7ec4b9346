import type { ReactNode } from "react";
import { useT } from "../../lib/i18n";
import { ConfirmDialog } from "./Dialog";

/**
 * The confirmation before deleting (or removing from a list) something named:
 * an alert dialog titled "Delete {name}?" (or "Remove {name}?"), the
 * consequence as its description ("This can't be undone." unless the screen
 * says more), Cancel first and focused, and a danger button Delete (or Remove).
 * Controlled (`open`) or opened by its `trigger`.
 */
export function ConfirmDelete({
  name,
  consequence,
  action = "delete",
  open,
  onOpenChange,
  onConfirm,
  loading,
  trigger,
}: {
  /** The item's name as the user knows it. */
  name: string;
  /** What deleting does beyond the item itself. */
  consequence?: ReactNode;
  /** "remove" takes the item off a list without deleting it. */
  action?: "delete" | "remove";
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  onConfirm: () => void | Promise<void>;
  loading?: boolean;
  trigger?: ReactNode;
}) {
  const t = useT();
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      trigger={trigger}
      title={action === "remove" ? t("confirmDelete.removeTitle", { name }) : t("confirmDelete.deleteTitle", { name })}
      description={consequence ?? t("confirmDelete.cannotUndo")}
      confirmLabel={action === "remove" ? t("common.remove") : t("common.delete")}
      variant="danger"
      loading={loading}
      onConfirm={onConfirm}
    />
  );
}
