import { useId, type ComponentProps, type ReactNode } from "react";
import { cn } from "../../lib/cn";
import { useT } from "../../lib/i18n";
import { focusRing } from "./focus-ring";

/**
 * A plain, semantic table: a caption names it (visually hidden with
 * `hideCaption`), header cells have scope, and wide tables scroll inside a
 * focusable region so keyboard users can scroll them too. On a phone (the
 * shell's breakpoint) each row becomes a card: the header row is visually
 * hidden and every cell, one under the other, shows its column's name before
 * its value (`TableCell`'s `label`), so status and actions stay on screen
 * (`.table-cards` in client/styles.css).
 */
export function Table({ caption, hideCaption, className, children, ...props }: ComponentProps<"table"> & { caption: ReactNode; hideCaption?: boolean }) {
  const captionId = `table-${useId()}`;
  return (
    <div
      className={cn("relative w-full overflow-x-auto rounded-lg border border-border bg-card", focusRing)}
      role="region"
      aria-labelledby={captionId}
      tabIndex={0}
    >
      <table className={cn("table-cards w-full border-collapse text-sm", className)} {...props}>
        <caption id={captionId} className={hideCaption ? "sr-only" : "caption-top px-4 py-3 text-left text-sm font-medium text-foreground"}>
          {caption}
        </caption>
        {children}
      </table>
    </div>
  );
}

export function TableHead({ className, ...props }: ComponentProps<"thead">) {
  return <thead className={cn("border-b border-border bg-muted/50", className)} {...props} />;
}

export function TableBody({ className, ...props }: ComponentProps<"tbody">) {
  return <tbody className={cn("[&_tr:last-child]:border-0", className)} {...props} />;
}

export function TableRow({ className, ...props }: ComponentProps<"tr">) {
  return <tr className={cn("border-b border-border transition-colors hover:bg-muted/40", className)} {...props} />;
}

export function TableHeaderCell({ className, scope = "col", ...props }: ComponentProps<"th">) {
  return <th scope={scope} className={cn("h-10 px-4 text-left align-middle font-medium text-muted-foreground", className)} {...props} />;
}

/** A cell; `label` (its column's name) is shown before the value when the row is a card on a phone. */
export function TableCell({ className, label, ...props }: ComponentProps<"td"> & { label?: string }) {
  return <td data-label={label} className={cn("px-4 py-3 align-middle phone:py-1", className, label && "phone:text-left")} {...props} />;
}

export type Column<Row> = {
  key: string;
  /** The column's name; a string also labels each cell when the rows are cards. */
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  className?: string;
};

/** A table from columns and rows, with a row for "nothing to show". */
export function DataTable<Row>({
  caption,
  hideCaption,
  columns,
  rows,
  rowKey,
  empty,
}: {
  caption: ReactNode;
  hideCaption?: boolean;
  columns: Column<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string;
  empty?: ReactNode;
}) {
  const t = useT();
  return (
    <Table caption={caption} hideCaption={hideCaption}>
      <TableHead>
        <tr>
          {columns.map((c) => (
            <TableHeaderCell key={c.key} className={c.className}>
              {c.header}
            </TableHeaderCell>
          ))}
        </tr>
      </TableHead>
      <TableBody>
        {rows.length === 0 ? (
          <tr>
            <TableCell colSpan={columns.length} className="py-8 text-center text-muted-foreground">
              {empty ?? t("table.empty")}
            </TableCell>
          </tr>
        ) : (
          rows.map((row) => (
            <TableRow key={rowKey(row)}>
              {columns.map((c) => (
                <TableCell key={c.key} className={c.className} label={typeof c.header === "string" ? c.header : undefined}>
                  {c.cell(row)}
                </TableCell>
              ))}
            </TableRow>
          ))
        )}
      </TableBody>
    </Table>
  );
}
