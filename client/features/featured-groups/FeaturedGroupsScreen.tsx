import { ArrowDown, ArrowUp, Pencil, Plus, Sparkles, Trash2, X } from "../../components/icons";
import { useState, type FormEvent } from "react";
import { Controller, useFieldArray, useForm } from "react-hook-form";
import { fieldsFromIssues } from "../../../contract/errors";
import { FeaturedGroupBody, type FeaturedGroupDto } from "../../../contract/groups";
import type { FormValues } from "../../lib/forms";
import { Page } from "../../components/layout/Page";
import { Button } from "../../components/ui/Button";
import { DatePicker } from "../../components/ui/DatePicker";
import { Dialog, DialogContent, DialogFooter } from "../../components/ui/Dialog";
import { EmptyState } from "../../components/ui/EmptyState";
import { Field, Input, Select } from "../../components/ui/Field";
import { toast, toastMessage } from "../../components/ui/toast-store";
import { ApiError } from "../../lib/api";
import { today, useFormatDate } from "../../lib/dates";
import { translateApiMessage, useT } from "../../lib/i18n";
import { useLibrary } from "../library/api";
import { useDeleteFeaturedGroup, useFeaturedGroups, useSaveFeaturedGroup } from "./api";
import { ConfirmDelete } from "../../components/ui/ConfirmDelete";
import { QueryState } from "../../components/ui/QueryState";

/** The group as its inputs hold it (from the contract's input); the workouts are listed with their titles and become `workoutIds`. */
type Values = Omit<FormValues<FeaturedGroupBody>, "workoutIds"> & { items: { workoutId: string; title: string }[] };

/** /admin/featured-groups: curated, dated, ordered lists of workouts (at least one each). */
export default function FeaturedGroupsScreen() {
  const t = useT();
  const formatDate = useFormatDate();
  const query = useFeaturedGroups();
  const del = useDeleteFeaturedGroup();
  const [editing, setEditing] = useState<FeaturedGroupDto | "new" | null>(null);
  const [deleting, setDeleting] = useState<FeaturedGroupDto | null>(null);
  const dates = (g: FeaturedGroupDto) =>
    g.startDate || g.endDate ? `${g.startDate ? formatDate(g.startDate) : "…"} – ${g.endDate ? formatDate(g.endDate) : "…"}` : t("featuredGroups.always");

  return (
    <Page
      title={t("featuredGroups.title")}
      actions={
        <Button onClick={() => setEditing("new")}>
          <Plus aria-hidden="true" />
          {t("featuredGroups.create")}
        </Button>
      }
    >
      <QueryState
        query={query}
        error={t("featuredGroups.loadFailed")}
        rows={1}
        rowClassName="h-32"
        isEmpty={(groups) => groups.length === 0}
        empty={<EmptyState icon={<Sparkles />} title={t("featuredGroups.emptyTitle")} description={t("featuredGroups.emptyBody")} />}
      >
        {(groups) => (
          <ul className="grid gap-4 md:grid-cols-2">
            {groups.map((g) => (
              <li key={g.id} className="rounded-xl border border-border bg-card p-5">
                <div className="flex items-start justify-between gap-2">
                  <div>
                    <h2 className="text-lg font-semibold">{g.title}</h2>
                    {g.subtitle ? <p className="text-sm text-muted-foreground">{g.subtitle}</p> : null}
                    <p className="mt-1 text-xs text-muted-foreground">{dates(g)}</p>
                  </div>
                  <div className="flex gap-1">
                    <Button variant="ghost" size="icon-sm" aria-label={t("featuredGroups.editNamed", { name: g.title })} onClick={() => setEditing(g)}>
                      <Pencil aria-hidden="true" />
                    </Button>
                    <Button variant="ghost" size="icon-sm" aria-label={t("featuredGroups.deleteNamed", { name: g.title })} onClick={() => setDeleting(g)}>
                      <Trash2 aria-hidden="true" />
                    </Button>
                  </div>
                </div>
                <ol className="mt-3 list-decimal pl-5 text-sm">
                  {g.items.map((i) => (
                    <li key={i.workoutId}>{i.title}</li>
                  ))}
                </ol>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
      {editing ? <FeaturedGroupDialog group={editing === "new" ? null : editing} onClose={() => setEditing(null)} /> : null}
      <ConfirmDelete
        open={deleting !== null}
        onOpenChange={(o) => !o && setDeleting(null)}
        name={deleting?.title ?? ""}
        consequence={t("featuredGroups.deleteBody")}
        loading={del.isPending}
        onConfirm={async () => {
          if (!deleting) return;
          try {
            await del.mutateAsync(deleting.id);
            toast({ title: t("featuredGroups.deleted"), variant: "success" });
          } catch {
            toastMessage("toast.featuredGroupDeleteFailed");
          }
          setDeleting(null);
        }}
      />
    </Page>
  );
}

function FeaturedGroupDialog({ group, onClose }: { group: FeaturedGroupDto | null; onClose: () => void }) {
  const t = useT();
  const save = useSaveFeaturedGroup();
  const library = useLibrary({ sort: "name" });
  const workouts = library.data?.pages.flatMap((p) => p.items) ?? [];
  const [pick, setPick] = useState("");
  const form = useForm<Values>({
    defaultValues: {
      title: group?.title ?? "",
      subtitle: group?.subtitle ?? "",
      startDate: group?.startDate ?? null,
      endDate: group?.endDate ?? null,
      items: group?.items.map((i) => ({ workoutId: i.workoutId, title: i.title })) ?? [],
    },
  });
  const items = useFieldArray({ control: form.control, name: "items" });
  const errors = form.formState.errors as Record<string, { message?: string } | undefined>;
  const err = (name: string) => (errors[name]?.message ? translateApiMessage(errors[name].message) : null);
  const apply = (fields: Record<string, string>) => {
    for (const [path, message] of Object.entries(fields)) form.setError((path.startsWith("workoutIds") ? "items" : path) as "items", { message });
  };

  const submit = form.handleSubmit(async (v) => {
    const body = { title: v.title, subtitle: v.subtitle, startDate: v.startDate, endDate: v.endDate, workoutIds: v.items.map((i) => i.workoutId) };
    const parsed = FeaturedGroupBody.safeParse(body);
    const fields: Record<string, string> = parsed.success ? {} : fieldsFromIssues(parsed.error.issues);
    if (!group || body.startDate !== group.startDate) {
      if (body.startDate && body.startDate < today()) fields.startDate = "Start date cannot be before today";
    }
    if (Object.keys(fields).length) {
      apply(fields);
      toastMessage("toast.missingFields");
      return;
    }
    try {
      await save.mutateAsync({ id: group?.id, body });
      toast({ title: group ? t("featuredGroups.updated") : t("featuredGroups.created"), variant: "success" });
      onClose();
    } catch (e) {
      if (e instanceof ApiError && e.status === 400) apply(e.fields);
      else toastMessage(group ? "toast.featuredGroupUpdateFailed" : "toast.featuredGroupCreateFailed");
    }
  });
  // Errors set by hand (items, server fields) would otherwise block the next submit.
  const onSubmit = (e: FormEvent) => {
    form.clearErrors();
    return submit(e);
  };

  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent title={group ? t("featuredGroups.editTitle") : t("featuredGroups.createTitle")} size="lg">
        <form noValidate onSubmit={(e) => void onSubmit(e)} className="grid gap-4">
          <section aria-labelledby="fg-details" className="grid gap-4 sm:grid-cols-2">
            <h3 id="fg-details" className="font-semibold sm:col-span-2">
              {t("featuredGroups.details")}
            </h3>
            <Field label={t("featuredGroups.groupTitle")} required error={err("title")}>
              <Input {...form.register("title")} />
            </Field>
            <Field label={t("featuredGroups.subtitle")} optional error={err("subtitle")}>
              <Input {...form.register("subtitle")} />
            </Field>
            <Field label={t("editor.startDate")} optional error={err("startDate")}>
              <Controller
                control={form.control}
                name="startDate"
                render={({ field }) => <DatePicker value={field.value} onChange={field.onChange} min={today()} clearable />}
              />
            </Field>
            <Field label={t("editor.endDate")} optional error={err("endDate")}>
              <Controller
                control={form.control}
                name="endDate"
                render={({ field }) => <DatePicker value={field.value} onChange={field.onChange} clearable />}
              />
            </Field>
          </section>
          <section aria-labelledby="fg-items" className="grid gap-3">
            <h3 id="fg-items" className="font-semibold">
              {t("featuredGroups.items")}
            </h3>
            {err("items") ? (
              <p role="alert" className="text-sm text-danger">
                {errors.items?.message === "Add at least one workout" ? t("message.featuredGroupNeedsWorkout") : err("items")}
              </p>
            ) : null}
            <ol className="grid gap-2">
              {items.fields.map((f, i) => (
                <li key={f.id} className="flex items-center justify-between gap-2 rounded-md border border-border px-3 py-2 text-sm">
                  <span>
                    {i + 1}. {f.title}
                  </span>
                  <span className="flex gap-1">
                    <Button
                      type="button"
                      variant="ghost"
                      size="icon-sm"
                      disabled={i === 0}
                      aria-label={t("editor.moveUp", { n: i + 1 })}
                      onClick={() => items.move(i, i - 1)}
                    >
                      <ArrowUp aria-hidden="true" />
                    </Button>
                    <Button
                      type="button"
                      variant="ghost"
                      size="icon-sm"
                      disabled={i === items.fields.length - 1}
                      aria-label={t("editor.moveDown", { n: i + 1 })}
                      onClick={() => items.move(i, i + 1)}
                    >
                      <ArrowDown aria-hidden="true" />
                    </Button>
                    <Button
                      type="button"
                      variant="ghost"
                      size="icon-sm"
                      aria-label={t("featuredGroups.removeItem", { name: f.title })}
                      onClick={() => items.remove(i)}
                    >
                      <X aria-hidden="true" />
                    </Button>
                  </span>
                </li>
              ))}
            </ol>
            <div className="flex flex-wrap items-end gap-2">
              <Field label={t("featuredGroups.addWorkout")} className="min-w-64 flex-1">
                <Select value={pick} onChange={(e) => setPick(e.target.value)} placeholder={t("common.select")}>
                  {workouts
                    .filter((w) => !items.fields.some((f) => f.workoutId === w.id))
                    .map((w) => (
                      <option key={w.id} value={w.id}>
                        {w.title}
                      </option>
                    ))}
                </Select>
              </Field>
              <Button
                type="button"
                variant="outline"
                disabled={!pick}
                onClick={() => {
                  const w = workouts.find((x) => x.id === pick);
                  if (w) items.append({ workoutId: w.id, title: w.title });
                  setPick("");
                }}
              >
                <Plus aria-hidden="true" />
                {t("common.add")}
              </Button>
            </div>
          </section>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              {t("common.cancel")}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t("common.save")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
