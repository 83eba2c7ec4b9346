import { zodResolver } from "@hookform/resolvers/zod";
import { Pencil, Plus, Sparkles, Trash2 } from "../../components/icons";
import { OrderedWorkouts } from "../../components/OrderedWorkouts";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import type { z } from "zod";
import { FeaturedGroupBody, type FeaturedGroupDto } from "../../../contract/groups";
import { MESSAGES } from "../../../contract/messages";
import { errorMessages, setFieldErrors, toastInvalidForm } from "../../lib/forms";
import { Page } from "../../components/layout/Page";
import { Button } from "../../components/ui/Button";
import { DatePicker } from "../../components/ui/DatePicker";
import { Dialog, DialogContent, FormDialogFooter } from "../../components/ui/Dialog";
import { EmptyState } from "../../components/ui/EmptyState";
import { Field, Input } from "../../components/ui/Field";
import { toast, toastMessage } from "../../components/ui/toast-store";
import { ApiError } from "../../lib/api";
import { useFormatDate, useToday } from "../../lib/dates";
import { useT } from "../../lib/i18n";
import { translateApiMessage } from "../../lib/api-messages";
import { WorkoutPicker } from "../library/WorkoutPicker";
import { useDeleteFeaturedGroup, useFeaturedGroups, useSaveFeaturedGroup } from "./api";
import { ConfirmDelete } from "../../components/ui/ConfirmDelete";
import { QueryState } from "../../components/ui/QueryState";
import { LeaveGuard } from "../../app/shell/LeaveGuard";

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

/** A group as its form holds it: the contract's input (workout ids in order; their titles are kept beside it for the list). */
type Values = z.input<typeof FeaturedGroupBody>;

function FeaturedGroupDialog({ group, onClose }: { group: FeaturedGroupDto | null; onClose: () => void }) {
  const t = useT();
  // Windows run on UTC days, as the catalogue counts them (docs/decisions/2026-11-27-plans-run-on-utc-days.md).
  const today = useToday("UTC");
  const save = useSaveFeaturedGroup();
  const [titles, setTitles] = useState<Record<string, string>>(() => Object.fromEntries(group?.items.map((i) => [i.workoutId, i.title]) ?? []));
  const [pick, setPick] = useState<{ id: string; title: string } | null>(null);
  const form = useForm<Values, unknown, z.output<typeof FeaturedGroupBody>>({
    resolver: zodResolver(FeaturedGroupBody),
    defaultValues: {
      title: group?.title ?? "",
      subtitle: group?.subtitle ?? "",
      startDate: group?.startDate ?? null,
      endDate: group?.endDate ?? null,
      workoutIds: group?.items.map((i) => i.workoutId) ?? [],
    },
  });
  const errors = form.formState.errors;
  const err = (message: string | undefined) => (message ? translateApiMessage(message) : null);

  const submit = form.handleSubmit(
    async (body) => {
      // The server's rule, said before the round trip: a new or changed start date cannot be in the past.
      if (body.startDate && body.startDate !== group?.startDate && body.startDate < today) {
        form.setError("startDate", { message: MESSAGES.startBeforeToday });
        toastInvalidForm(MESSAGES.startBeforeToday);
        return;
      }
      try {
        await save.mutateAsync({ id: group?.id, body });
        toast({ title: group ? t("featuredGroups.updated") : t("featuredGroups.created"), variant: "success" });
        onClose();
      } catch (e) {
        // An item's error ("workoutIds.2") belongs to the list.
        if (!(e instanceof ApiError && e.status === 400 && setFieldErrors(form.setError, e.fields, /(?<=^workoutIds)\..*$/)))
          toastMessage(group ? "toast.featuredGroupUpdateFailed" : "toast.featuredGroupCreateFailed");
      }
    },
    (invalid) => toastInvalidForm(invalid),
  );

  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent title={group ? t("featuredGroups.editTitle") : t("featuredGroups.createTitle")} size="lg">
        <LeaveGuard when={form.formState.isDirty && !save.isPending} />
        <form noValidate onSubmit={(e) => void submit(e)} className="grid gap-4">
          <section aria-labelledby="fg-details" className="grid gap-4 sm:grid-cols-2">
            <h3 id="fg-details" className="font-semibold sm:col-span-2">
              {t("featuredGroups.details")}
            </h3>
            <Field label={t("featuredGroups.groupTitle")} required error={err(errors.title?.message)}>
              <Input {...form.register("title")} />
            </Field>
            <Field label={t("featuredGroups.subtitle")} optional error={err(errors.subtitle?.message)}>
              <Input {...form.register("subtitle")} />
            </Field>
            <Field label={t("editor.startDate")} hint={t("editor.utcDays")} optional error={err(errors.startDate?.message)}>
              <Controller
                control={form.control}
                name="startDate"
                render={({ field }) => <DatePicker value={field.value ?? null} onChange={field.onChange} min={today} clearable />}
              />
            </Field>
            <Field label={t("editor.endDate")} optional error={err(errors.endDate?.message)}>
              <Controller
                control={form.control}
                name="endDate"
                render={({ field }) => <DatePicker value={field.value ?? null} onChange={field.onChange} clearable />}
              />
            </Field>
          </section>
          <Controller
            control={form.control}
            name="workoutIds"
            render={({ field, fieldState }) => {
              const ids = field.value;
              // The list's own message, or the first of its items' (a workout no longer in the library).
              const listError = errorMessages(fieldState.error)[0];
              return (
                <section aria-labelledby="fg-items" className="grid gap-3">
                  <h3 id="fg-items" className="font-semibold">
                    {t("featuredGroups.items")}
                  </h3>
                  {listError ? (
                    <p role="alert" className="text-sm text-danger">
                      {err(listError)}
                    </p>
                  ) : null}
                  <OrderedWorkouts ids={ids} names={titles} onChange={field.onChange} />
                  <div className="flex flex-wrap items-end gap-2">
                    <Field label={t("featuredGroups.addWorkout")} className="min-w-64 flex-1">
                      <WorkoutPicker ref={field.ref} value={pick?.id ?? ""} onChange={(id, title) => setPick(id ? { id, title } : null)} exclude={ids} />
                    </Field>
                    <Button
                      type="button"
                      variant="outline"
                      disabled={!pick}
                      onClick={() => {
                        if (!pick) return;
                        setTitles((known) => ({ ...known, [pick.id]: pick.title }));
                        field.onChange([...ids, pick.id]);
                        setPick(null);
                      }}
                    >
                      <Plus aria-hidden="true" />
                      {t("common.add")}
                    </Button>
                  </div>
                </section>
              );
            }}
          />
          <FormDialogFooter submit={t("common.save")} busy={save.isPending} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
