import { GripVertical, Pencil, Plus, Trash2 } from "../../components/icons";
import { MoveButtons } from "../../components/MoveButtons";
import { useEffect, useMemo, useState, type DragEvent } from "react";
import { zodResolver } from "@hookform/resolvers/zod";
import { useFieldArray, useForm, useWatch } from "react-hook-form";
import type { z } from "zod";
import { HomepageRowType } from "../../../contract/enums";
import { HomepageLayoutShape } from "../../../contract/homepage";
import { LeaveGuard } from "../../app/shell/LeaveGuard";
import { useAppUser } from "../../auth/useAppUser";
import { Page } from "../../components/layout/Page";
import { Button } from "../../components/ui/Button";
import { Field, Input } from "../../components/ui/Field";
import { Skeleton } from "../../components/ui/Skeleton";
import { toast, toastMessage } from "../../components/ui/toast-store";
import { ApiError } from "../../lib/api";
import { cn } from "../../lib/cn";
import { errorAt, errorMessages, setFieldErrors } from "../../lib/forms";
import { useT } from "../../lib/i18n";
import { translateApiMessage } from "../../lib/api-messages";
import { useHomepageLayout, useSaveHomepage } from "./api";
import { HomepagePreview } from "./HomepagePreview";
import { bodyOf, LayoutForm, newRow, valuesOf, type LayoutValues, type RowValues } from "./layout";
import { RowDialog } from "./RowDialog";
import { ConfirmDelete } from "../../components/ui/ConfirmDelete";
import { enumLabel } from "../../lib/enums";
import { EnumSelect } from "../../components/ui/EnumSelect";

/**
 * /admin/homepage (Homepage Builder): the fixed welcome banner and the
 * hero, then the rows, added by type, moved (buttons, keyboard or dragging),
 * edited and deleted; a live preview beside it is the customers' Home itself
 * (HomepagePreview), unsaved edits included.
 * Saving replaces the whole layout at once.
 */
export default function HomepageBuilderScreen() {
  const t = useT();
  const { role } = useAppUser();
  const canEdit = role === "owner" || role === "admin";
  const layout = useHomepageLayout();
  return (
    <Page title={t("nav.homepageBuilder")}>
      {!canEdit ? (
        <p role="alert" className="text-sm text-muted-foreground">
          {t("homepage.builder.adminsOnly")}
        </p>
      ) : layout.isPending ? (
        <Skeleton className="h-96" aria-busy="true" />
      ) : layout.isError ? (
        <p role="alert" className="text-danger">
          {t("homepage.loadFailed")}
        </p>
      ) : (
        <Builder initial={valuesOf(layout.data)} initialNames={layout.data.names} />
      )}
    </Page>
  );
}

/** The preview follows the form after a short pause, not on every keystroke. */
function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  const json = JSON.stringify(value);
  useEffect(() => {
    const id = setTimeout(() => setV(JSON.parse(json) as T), ms);
    return () => clearTimeout(id);
  }, [json, ms]);
  return v;
}

function Builder({ initial, initialNames }: { initial: LayoutValues; initialNames: Record<string, string> }) {
  const t = useT();
  const { user } = useAppUser();
  const save = useSaveHomepage();
  const form = useForm<LayoutValues, unknown, z.output<typeof LayoutForm>>({ resolver: zodResolver(LayoutForm), defaultValues: initial });
  const rows = useFieldArray({ control: form.control, name: "rows", keyName: "fieldKey" });
  const [names, setNames] = useState(initialNames);
  const [addType, setAddType] = useState<string>("");
  const [editing, setEditing] = useState<number | null>(null);
  /** A row just added: cancelling its first edit takes it away again. */
  const [fresh, setFresh] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<number | null>(null);
  const [dragFrom, setDragFrom] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState("");

  const values = useWatch({ control: form.control }) as LayoutValues;
  const draft = useDebounced(values, 400);
  // Only a draft of the right shape is previewed (half-typed links wait); the last good preview stays meanwhile.
  const previewBody = useMemo(() => {
    const parsed = HomepageLayoutShape.safeParse(bodyOf(draft));
    return parsed.success ? parsed.data : null;
  }, [draft]);

  const heroIndex = 0;
  const { errors } = form.formState;
  const heroError = (field: string) => {
    const message = errorAt(errors, `rows.${heroIndex}.slots.0.${field}`);
    return message ? translateApiMessage(message) : null;
  };
  /** Every message about row i, in the current language, each once. */
  const rowErrors = (i: number) => [...new Set(errorMessages(errors.rows?.[i]).map((m) => translateApiMessage(m)))];
  const layoutError = errorAt(errors, "rows");
  const rowLabel = (r: RowValues) => r.title || enumLabel(t, "HomepageRowType", r.type!);
  /**
   * Row i as the list shows it and its buttons act on it: the field array's own entry, which every change of a row
   * (add, edit, move, delete, save) goes through. The watched values follow a move one render later; a button named
   * from them would, for that moment, name one row and move another.
   */
  const rowAt = (i: number): RowValues | undefined => {
    const field = rows.fields[i];
    if (!field) return undefined;
    const { fieldKey: _, ...row } = field;
    return row;
  };

  const move = (from: number, to: number) => {
    // The hero row (index 0) never moves, and nothing moves above it.
    const moving = rowAt(from);
    if (!moving || from < 1 || to < 1 || to >= rows.fields.length || from === to) return;
    rows.move(from, to);
    form.clearErrors();
    setAnnouncement(t("homepage.builder.moved", { name: rowLabel(moving), n: to, total: rows.fields.length - 1 }));
  };

  const addRow = () => {
    if (!addType) {
      toastMessage("toast.rowTypeMissing");
      return;
    }
    rows.append(newRow(addType as RowValues["type"] & string));
    setAddType("");
    setFresh(rows.fields.length);
    setEditing(rows.fields.length);
  };

  const submit = form.handleSubmit(
    async (body) => {
      try {
        const saved = await save.mutateAsync(body);
        setNames(saved.names);
        form.reset(valuesOf(saved));
        toast({ title: t("homepage.builder.saved"), variant: "success" });
      } catch (e) {
        if (e instanceof ApiError && e.status === 400 && Object.keys(e.fields).length) {
          setFieldErrors(form.setError, e.fields);
          toastMessage("toast.missingFields");
        } else toastMessage("toast.homepageSaveFailed");
      }
    },
    () => toastMessage("toast.missingFields"),
  );

  const onDrop = (e: DragEvent, to: number) => {
    e.preventDefault();
    if (dragFrom !== null) move(dragFrom, to);
    setDragFrom(null);
  };

  return (
    <div className="grid grid-cols-1 gap-8 xl:grid-cols-[minmax(0,26rem)_minmax(0,1fr)]">
      <form noValidate className="grid grid-cols-1 content-start gap-4" aria-labelledby="builder-heading" onSubmit={(e) => void submit(e)}>
        <h2 id="builder-heading" className="sr-only">
          {t("homepage.builder.editor")}
        </h2>
        <p aria-live="polite" className="sr-only">
          {announcement}
        </p>
        {layoutError ? (
          <p role="alert" className="text-sm text-danger">
            {translateApiMessage(layoutError)}
          </p>
        ) : null}
        <section aria-labelledby="welcome-banner" className="rounded-xl border border-dashed border-border bg-muted/40 p-4">
          <h3 id="welcome-banner" className="text-sm font-semibold">
            {t("homepage.builder.welcomeBanner")}
          </h3>
          <p className="text-sm text-muted-foreground">
            {t("homepage.builder.welcomeBannerBody", { greeting: t("home.greeting", { name: user?.firstName || "…" }) })}
          </p>
        </section>
        <section aria-labelledby="hero-slot" className="grid gap-3 rounded-xl border border-border bg-card p-4">
          <h3 id="hero-slot" className="text-sm font-semibold">
            {t("homepage.builder.hero")}
          </h3>
          <Field label={t("homepage.builder.heroText")} required error={heroError("heroText")}>
            <Input {...form.register(`rows.${heroIndex}.slots.0.heroText`)} />
          </Field>
          <Field label={t("homepage.builder.heroTitle")} optional error={heroError("title")}>
            <Input {...form.register(`rows.${heroIndex}.slots.0.title`)} />
          </Field>
          <Field label={t("homepage.builder.heroSubtitle")} optional error={heroError("subtitle")}>
            <Input {...form.register(`rows.${heroIndex}.slots.0.subtitle`)} />
          </Field>
          <p className="text-xs text-muted-foreground">{t("homepage.builder.heroHint")}</p>
        </section>

        <ol className="grid grid-cols-1 gap-3" aria-label={t("homepage.builder.rows")}>
          {rows.fields.map((f, i) => {
            if (i === heroIndex) return null;
            const row = rowAt(i)!;
            const errs = rowErrors(i);
            return (
              <li
                key={f.fieldKey}
                data-testid="builder-row"
                draggable
                onDragStart={(e) => {
                  setDragFrom(i);
                  e.dataTransfer.effectAllowed = "move";
                }}
                onDragOver={(e) => e.preventDefault()}
                onDrop={(e) => onDrop(e, i)}
                onDragEnd={() => setDragFrom(null)}
                className={cn("rounded-xl border bg-card p-4", errs.length ? "border-danger" : "border-border", dragFrom === i && "opacity-60")}
              >
                <div className="flex items-start gap-2">
                  <GripVertical aria-hidden="true" className="mt-1 size-4 shrink-0 cursor-grab text-muted-foreground" />
                  <div className="min-w-0 flex-1">
                    <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{enumLabel(t, "HomepageRowType", row.type!)}</p>
                    <p className="truncate font-semibold">{row.title || t("homepage.builder.untitled")}</p>
                    {row.subtitle ? <p className="truncate text-sm text-muted-foreground">{row.subtitle}</p> : null}
                    <p className="text-xs text-muted-foreground">{row.slots.map((s) => enumLabel(t, "SlotItemType", s.itemType)).join(" · ")}</p>
                  </div>
                  <div className="flex shrink-0 gap-1">
                    <MoveButtons
                      index={i}
                      count={rows.fields.length}
                      first={1}
                      upLabel={t("homepage.builder.moveUp", { name: rowLabel(row) })}
                      downLabel={t("homepage.builder.moveDown", { name: rowLabel(row) })}
                      onMove={(to) => move(i, to)}
                    />
                    <Button
                      type="button"
                      variant="ghost"
                      size="icon-sm"
                      aria-label={t("homepage.builder.editRow", { name: rowLabel(row) })}
                      onClick={() => setEditing(i)}
                    >
                      <Pencil aria-hidden="true" />
                    </Button>
                    <Button
                      type="button"
                      variant="ghost"
                      size="icon-sm"
                      aria-label={t("homepage.builder.deleteRow", { name: rowLabel(row) })}
                      onClick={() => setDeleting(i)}
                    >
                      <Trash2 aria-hidden="true" />
                    </Button>
                  </div>
                </div>
                {errs.length ? (
                  <ul role="alert" className="mt-2 list-disc pl-8 text-sm text-danger">
                    {errs.map((m) => (
                      <li key={m}>{m}</li>
                    ))}
                  </ul>
                ) : null}
              </li>
            );
          })}
        </ol>

        <div className="flex flex-wrap items-end gap-2 rounded-xl border border-border bg-card p-4">
          <Field label={t("homepage.builder.rowType")} className="min-w-48 flex-1">
            <EnumSelect
              enumName="HomepageRowType"
              values={HomepageRowType}
              value={addType}
              onChange={(e) => setAddType(e.target.value)}
              placeholder={t("common.select")}
            />
          </Field>
          <Button type="button" variant="outline" onClick={addRow}>
            <Plus aria-hidden="true" />
            {t("homepage.builder.addRow")}
          </Button>
        </div>

        <div className="flex justify-end">
          <Button type="submit" loading={save.isPending}>
            {t("homepage.builder.save")}
          </Button>
        </div>
      </form>

      <HomepagePreview draft={previewBody} />

      {editing !== null && rowAt(editing) ? (
        <RowDialog
          row={rowAt(editing)!}
          names={names}
          onClose={() => {
            if (fresh === editing) rows.remove(editing);
            setFresh(null);
            setEditing(null);
          }}
          onDone={(row, known) => {
            setFresh(null);
            rows.update(editing, row);
            setNames(known);
            form.clearErrors();
            setEditing(null);
          }}
        />
      ) : null}
      <ConfirmDelete
        open={deleting !== null}
        onOpenChange={(o) => !o && setDeleting(null)}
        name={deleting !== null && rowAt(deleting) ? rowLabel(rowAt(deleting)!) : ""}
        consequence={t("homepage.builder.deleteBody")}
        onConfirm={() => {
          if (deleting !== null && deleting > 0) rows.remove(deleting);
          form.clearErrors();
          setDeleting(null);
        }}
      />
      <LeaveGuard when={form.formState.isDirty && !save.isPending} />
    </div>
  );
}
