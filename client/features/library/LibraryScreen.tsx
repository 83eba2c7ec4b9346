import { Columns3, Library, Plus } from "../../components/icons";
import { useDeferredValue, useState } from "react";
import { Link } from "react-router";
import { Category, LibraryStatus } from "../../../contract/enums";
import { LibrarySort, type LibraryItem } from "../../../contract/workouts";
import { Page } from "../../components/layout/Page";
import { Button } from "../../components/ui/Button";
import { Dialog, DialogContent, DialogTrigger } from "../../components/ui/Dialog";
import { Checkbox, Field, Input } from "../../components/ui/Field";
import { Popover, PopoverContent, PopoverTrigger } from "../../components/ui/Popover";
import { Skeleton } from "../../components/ui/Skeleton";
import { DataTable, type Column } from "../../components/ui/Table";
import { toast, toastMessage } from "../../components/ui/toast-store";
import { useFormatDate } from "../../lib/dates";
import { oneOf, enumLabel } from "../../lib/enums";
import { useT } from "../../lib/i18n";
import { useAddToLibrary, useLibrary, useListedWorkouts } from "./api";
import { Badge, type BadgeTone } from "../../components/ui/Badge";
import { QueryState } from "../../components/ui/QueryState";
import { LoadMore } from "../../components/ui/LoadMore";
import { CategoryChips } from "../../components/CategoryChips";
import { EnumSelect } from "../../components/ui/EnumSelect";
import { onPhone } from "../../components/ui/phone-widths";
import { cn } from "../../lib/cn";

const COLUMN_KEYS = ["title", "sku", "category", "type", "difficulty", "totalMinutes", "status", "priority", "author", "updated"] as const;
type ColumnKey = (typeof COLUMN_KEYS)[number];
const DEFAULT_COLUMNS: ColumnKey[] = ["title", "sku", "category", "status", "priority", "updated"];
const COLUMNS_STORAGE = "library.columns";

function storedColumns(): ColumnKey[] {
  try {
    const raw = JSON.parse(localStorage.getItem(COLUMNS_STORAGE) ?? "null") as unknown;
    if (Array.isArray(raw)) {
      const keep = raw.filter((k): k is ColumnKey => (COLUMN_KEYS as readonly string[]).includes(k as string));
      if (keep.length) return keep;
    }
  } catch {
    /* default */
  }
  return DEFAULT_COLUMNS;
}

/** /admin/workout-library: the partner's library with filter, category tabs and a column chooser. */
export default function LibraryScreen() {
  const t = useT();
  const formatDate = useFormatDate();
  const [q, setQ] = useState("");
  const [category, setCategory] = useState<Category | undefined>();
  const [status, setStatus] = useState<LibraryStatus | undefined>();
  const [sort, setSort] = useState<(typeof LibrarySort)[number]>("priority");
  const [visible, setVisible] = useState<ColumnKey[]>(storedColumns);
  const search = useDeferredValue(q.trim());
  const query = useLibrary({ q: search || undefined, category, status, sort });
  const rows = query.data?.pages.flatMap((p) => p.items) ?? [];

  const toggleColumn = (key: ColumnKey, on: boolean) => {
    const next = COLUMN_KEYS.filter((k) => (k === key ? on : visible.includes(k)));
    if (!next.length) return;
    setVisible(next);
    localStorage.setItem(COLUMNS_STORAGE, JSON.stringify(next));
  };

  const all: Record<ColumnKey, Column<LibraryItem>> = {
    title: {
      key: "title",
      header: t("library.col.title"),
      cell: (r) => (
        <Link to={`/admin/workout-library/${r.id}`} className="font-medium text-brand-text underline-offset-4 hover:underline">
          {r.title}
        </Link>
      ),
    },
    sku: { key: "sku", header: t("library.col.sku"), cell: (r) => <span className="font-mono text-xs">{r.sku}</span> },
    category: { key: "category", header: t("library.col.category"), cell: (r) => enumLabel(t, "Category", r.category) },
    type: { key: "type", header: t("library.col.type"), cell: (r) => enumLabel(t, "WorkoutType", r.type) },
    difficulty: { key: "difficulty", header: t("library.col.difficulty"), cell: (r) => enumLabel(t, "Difficulty", r.difficulty) },
    totalMinutes: { key: "totalMinutes", header: t("library.col.totalMinutes"), cell: (r) => t("library.minutes", { count: r.totalMinutes }) },
    status: { key: "status", header: t("library.col.status"), cell: (r) => <StatusBadge status={r.status} /> },
    priority: { key: "priority", header: t("library.col.priority"), cell: (r) => r.priority },
    author: { key: "author", header: t("library.col.author"), cell: (r) => (r.own ? t("library.you") : r.authorName) },
    updated: { key: "updated", header: t("library.col.updated"), cell: (r) => formatDate(r.updatedAt) },
  };

  return (
    <Page
      title={t("library.title")}
      actions={
        <>
          <AddToLibraryDialog />
          <Button asChild>
            <Link to="/admin/workout-library/create">
              <Plus aria-hidden="true" />
              {t("library.create")}
            </Link>
          </Button>
        </>
      }
    >
      <CategoryChips value={category} onChange={setCategory} label={t("library.categories")} className="mb-4" />
      <div className="mb-4 flex flex-wrap items-end gap-3">
        <Field label={t("library.filter")} className="min-w-56 flex-1">
          <Input type="search" value={q} onChange={(e) => setQ(e.target.value)} placeholder={t("library.filterPlaceholder")} />
        </Field>
        <Field label={t("library.col.status")} className={cn("w-44", onPhone.whole)}>
          <EnumSelect
            enumName="LibraryStatus"
            values={LibraryStatus}
            placeholder={t("library.anyStatus")}
            value={status ?? ""}
            onChange={(e) => setStatus(oneOf(LibraryStatus, e.target.value))}
          />
        </Field>
        <Field label={t("library.sort")} className={cn("w-44", onPhone.whole)}>
          <EnumSelect enumName="LibrarySort" values={LibrarySort} value={sort} onChange={(e) => setSort(oneOf(LibrarySort, e.target.value) ?? "priority")} />
        </Field>
        <Popover>
          <PopoverTrigger asChild>
            <Button variant="outline">
              <Columns3 aria-hidden="true" />
              {t("library.columns")}
            </Button>
          </PopoverTrigger>
          <PopoverContent align="end" className="grid w-56 gap-2" aria-label={t("library.columns")}>
            {COLUMN_KEYS.map((k) => (
              <Checkbox key={k} label={t(`library.col.${k}`)} checked={visible.includes(k)} onCheckedChange={(on) => toggleColumn(k, on === true)} />
            ))}
          </PopoverContent>
        </Popover>
      </div>
      <QueryState query={query} error={t("library.loadFailed")} rows={3} rowClassName="h-10">
        {() => (
          <>
            <DataTable
              caption={t("library.title")}
              hideCaption
              columns={COLUMN_KEYS.filter((k) => visible.includes(k)).map((k) => all[k])}
              rows={rows}
              rowKey={(r) => r.id}
              empty={t("library.empty")}
            />
            <LoadMore query={query} label={t("library.more")} />
          </>
        )}
      </QueryState>
    </Page>
  );
}

const LIBRARY_TONE: Record<LibraryStatus, BadgeTone> = { draft: "neutral", complete: "info", available: "success", archived: "neutral" };

export function StatusBadge({ status }: { status: LibraryStatus }) {
  const t = useT();
  return (
    <Badge tone={LIBRARY_TONE[status]} className={status === "archived" ? "italic" : undefined}>
      {enumLabel(t, "LibraryStatus", status)}
    </Badge>
  );
}

/** "Add to library": workouts other partners list, added as drafts. */
function AddToLibraryDialog() {
  const t = useT();
  const [open, setOpen] = useState(false);
  const listed = useListedWorkouts(open);
  const add = useAddToLibrary();
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline">
          <Library aria-hidden="true" />
          {t("library.addToLibrary")}
        </Button>
      </DialogTrigger>
      <DialogContent title={t("library.addToLibrary")} description={t("library.addToLibraryHint")} size="lg">
        {listed.isPending ? (
          <Skeleton className="h-24" />
        ) : !listed.data?.length ? (
          <p className="text-muted-foreground">{t("library.nothingListed")}</p>
        ) : (
          <ul className="grid gap-2">
            {listed.data.map((w) => (
              <li key={w.id} className="flex items-center justify-between gap-3 rounded-lg border border-border p-3">
                <div>
                  <p className="font-medium">{w.title}</p>
                  <p className="text-sm text-muted-foreground">
                    {w.authorName} · {enumLabel(t, "Category", w.category)} · {t("library.minutes", { count: w.totalMinutes })}
                  </p>
                </div>
                <Button
                  size="sm"
                  loading={add.isPending && add.variables === w.id}
                  aria-label={t("library.addNamed", { name: w.title })}
                  onClick={() =>
                    add.mutate(w.id, {
                      onSuccess: () => toast({ title: t("library.added", { name: w.title }), variant: "success" }),
                      onError: () => toastMessage("toast.generic"),
                    })
                  }
                >
                  {t("common.add")}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </DialogContent>
    </Dialog>
  );
}
