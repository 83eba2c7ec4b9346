import { Plus, Trash2 } from "../../components/icons";
import { useMemo, useState } from "react";
import { Controller, FormProvider, useFieldArray, useForm, useFormContext } from "react-hook-form";
import { Link, useNavigate, useParams } from "react-router";
import { Category, Difficulty, Language, LibraryStatus, PartnerVisibility, WorkoutTag, WorkoutType } from "../../../contract/enums";
import { fieldsFromIssues } from "../../../contract/errors";
import { CreateWorkoutBody, LIBRARY_TRANSITIONS, WORKOUT_DEFAULTS, type VisibilityCondition, type WorkoutDto } from "../../../contract/workouts";
import { useAppUser } from "../../auth/useAppUser";
import { LeaveGuard } from "../../app/shell/LeaveGuard";
import { Page } from "../../components/layout/Page";
import { Button } from "../../components/ui/Button";
import { ConfirmDialog } from "../../components/ui/Dialog";
import { Checkbox, Field, Input, Select, Textarea } from "../../components/ui/Field";
import { Skeleton } from "../../components/ui/Skeleton";
import { toast, toastMessage } from "../../components/ui/toast-store";
import { ApiError } from "../../lib/api";
import { today } from "../../lib/dates";
import { useLanguage, useT } from "../../lib/i18n";
import { useAccount } from "../accounts/api";
import { useChangeStatus, useCreateWorkout, useUpdateWorkout, useWorkout } from "./api";
import { StatusBadge } from "./LibraryScreen";
import {
  DateField,
  DeliveryPartnersEditor,
  PricingLinesEditor,
  Section,
  applyFieldErrors,
  partnerRow,
  partnersOut,
  pricingOut,
  pricingRow,
  useFieldError,
  type PartnerRow,
  type PricingRow,
} from "./parts";
import { Sessions } from "./SessionsEditor";
import { Prerequisites, VisibilityBuilder } from "./RulesEditor";
import { toastInvalidForm } from "../../lib/forms";

type ActionRow = { assigneeType: string; stage: string; name: string; link: string; dueOffsetDays: string; startDate: string | null; endDate: string | null };
type SessionRow = {
  id?: string;
  name: string;
  shortSummary: string;
  description: string;
  icon: string;
  lengthMinutes: string;
  startDate: string | null;
  endDate: string | null;
  actionItems: ActionRow[];
};
type PrereqRow = { type: string; name: string; category: string; requiredWorkoutId: string; minimumScore: string; startDate: string | null; endDate: string | null };
type ConditionRow = { field: string; comparator: string; values: string[] };

export type WorkoutForm = {
  name: string;
  sku: string;
  type: string;
  category: string;
  allowPartnerVariants: boolean;
  totalMinutes: string;
  maxAttendees: string;
  difficulty: string;
  format: string;
  greatFor: string[];
  title: string;
  subtitle: string;
  description: string;
  icon: string;
  featuredMedia: { type: string; url: string; alt: string }[];
  partnerVisibility: string;
  priority: string;
  visibilityOperator: string;
  conditions: ConditionRow[];
  sessions: SessionRow[];
  prerequisites: PrereqRow[];
  pricing: PricingRow[];
  deliveryPartners: PartnerRow[];
  variant: { name: string; locale: string; availableFrom: string | null; availableTo: string | null };
};

const blank = (language: string): WorkoutForm => ({
  name: "",
  sku: "",
  type: "",
  category: "",
  allowPartnerVariants: false,
  totalMinutes: "",
  maxAttendees: "",
  difficulty: "",
  format: "onlineInstructorLed",
  greatFor: [],
  title: "",
  subtitle: "",
  description: "",
  icon: "",
  featuredMedia: [],
  partnerVisibility: "private",
  priority: "",
  visibilityOperator: "and",
  conditions: [],
  sessions: [],
  prerequisites: [],
  pricing: [],
  deliveryPartners: [],
  variant: { name: "Standard", locale: language, availableFrom: today(), availableTo: null },
});

function fromWorkout(w: WorkoutDto, language: string): WorkoutForm {
  const flat = (w.visibility?.conditions ?? []).filter((c): c is VisibilityCondition => "field" in c);
  return {
    ...blank(language),
    name: w.name,
    sku: w.sku,
    type: w.type,
    category: w.category,
    allowPartnerVariants: w.allowPartnerVariants,
    totalMinutes: String(w.totalMinutes),
    maxAttendees: String(w.maxAttendees),
    difficulty: w.difficulty,
    format: w.format,
    greatFor: w.greatFor,
    title: w.title,
    subtitle: w.subtitle ?? "",
    description: w.description ?? "",
    icon: w.icon ?? "",
    featuredMedia: w.featuredMedia.map((m) => ({ type: m.type, url: m.url ?? "", alt: m.alt ?? "" })),
    partnerVisibility: w.partnerVisibility,
    priority: String(w.priority),
    visibilityOperator: w.visibility?.operator ?? "and",
    conditions: flat.map((c) => ({ field: c.field, comparator: c.comparator, values: c.values })),
    sessions: w.sessions.map((s) => ({
      id: s.id,
      name: s.name,
      shortSummary: s.shortSummary ?? "",
      description: s.description ?? "",
      icon: s.icon ?? "",
      lengthMinutes: String(s.lengthMinutes),
      startDate: s.startDate,
      endDate: s.endDate,
      actionItems: s.actionItems.map((a) => ({
        assigneeType: a.assigneeType,
        stage: a.stage,
        name: a.name,
        link: a.link ?? "",
        dueOffsetDays: a.dueOffsetDays === null ? "" : String(a.dueOffsetDays),
        startDate: a.startDate,
        endDate: a.endDate,
      })),
    })),
    prerequisites: w.prerequisites.map((p) => ({
      type: p.type,
      name: p.name,
      category: p.category ?? "",
      requiredWorkoutId: p.requiredWorkoutId ?? "",
      minimumScore: p.minimumScore === null ? "" : String(p.minimumScore),
      startDate: p.startDate,
      endDate: p.endDate,
    })),
    pricing: w.pricing.map(pricingRow),
    deliveryPartners: w.deliveryPartners.map(partnerRow),
  };
}

const orDefault = (v: string, d: number) => (v.trim() === "" ? d : v);
const orNull = (v: string) => (v.trim() === "" ? null : v);

/** The form as the contract's document (validated with the same schema as the worker). */
function toBody(v: WorkoutForm, creating: boolean) {
  return {
    name: v.name,
    sku: v.sku,
    type: v.type || undefined,
    category: v.category || undefined,
    allowPartnerVariants: v.allowPartnerVariants,
    totalMinutes: orDefault(v.totalMinutes, WORKOUT_DEFAULTS.totalMinutes),
    maxAttendees: orDefault(v.maxAttendees, WORKOUT_DEFAULTS.maxAttendees),
    difficulty: v.difficulty || undefined,
    format: v.format,
    greatFor: v.greatFor,
    title: v.title,
    subtitle: v.subtitle,
    description: v.description,
    icon: v.icon,
    featuredMedia: v.featuredMedia.map((m) => ({ type: m.type, url: m.url, alt: m.alt })),
    partnerVisibility: v.partnerVisibility,
    priority: orDefault(v.priority, WORKOUT_DEFAULTS.priority),
    visibility: v.conditions.length ? { operator: v.visibilityOperator, conditions: v.conditions } : null,
    sessions: v.sessions.map((s) => ({
      ...(s.id ? { id: s.id } : {}),
      name: s.name,
      shortSummary: s.shortSummary,
      description: s.description,
      icon: s.icon,
      lengthMinutes: s.lengthMinutes,
      startDate: s.startDate,
      endDate: s.endDate,
      actionItems: s.actionItems.map((a) => ({ ...a, link: orNull(a.link), dueOffsetDays: orNull(a.dueOffsetDays) })),
    })),
    prerequisites: v.prerequisites.map((p) => ({
      ...p,
      category: orNull(p.category),
      requiredWorkoutId: orNull(p.requiredWorkoutId),
      minimumScore: orNull(p.minimumScore),
    })),
    pricing: pricingOut(v.pricing),
    deliveryPartners: partnersOut(v.deliveryPartners),
    ...(creating ? { variant: { ...v.variant, customPricing: false, partnerVisibility: v.partnerVisibility } } : {}),
  };
}

/**
 * /admin/workout-library/create and /:id: every editing section of a workout
 * on one page, checked with the contract's schema before it is sent (the
 * worker checks again), the library status changed through a confirmation.
 */
export default function WorkoutEditorScreen() {
  const { id } = useParams();
  const t = useT();
  const query = useWorkout(id);
  if (!id) return <Editor workout={null} />;
  if (query.isPending) {
    return (
      <Page title={t("editor.title")}>
        <div className="grid gap-4" aria-busy="true">
          <Skeleton className="h-40" />
          <Skeleton className="h-40" />
        </div>
      </Page>
    );
  }
  if (query.isError || !query.data) {
    return (
      <Page title={t("editor.title")}>
        <p role="alert" className="text-danger">
          {t("toast.workoutNotFound.description")}
        </p>
      </Page>
    );
  }
  return <Editor key={query.data.updatedAt} workout={query.data} />;
}

function Editor({ workout }: { workout: WorkoutDto | null }) {
  const t = useT();
  const navigate = useNavigate();
  const { account } = useAppUser();
  const [language] = useLanguage();
  const creating = workout === null;
  const readOnly = workout !== null && !workout.own;
  const defaults = useMemo(() => (workout ? fromWorkout(workout, language) : blank(language)), [workout, language]);
  const form = useForm<WorkoutForm>({ defaultValues: defaults });
  const create = useCreateWorkout();
  const update = useUpdateWorkout(workout?.id ?? "");
  const saving = create.isPending || update.isPending;
  const currency = useAccount(account?.id).data?.currency ?? "USD";

  const onSubmit = async (values: WorkoutForm) => {
    form.clearErrors();
    const body = toBody(values, creating);
    const parsed = CreateWorkoutBody.safeParse(body);
    if (!parsed.success) {
      applyFieldErrors(form.setError, fieldsFromIssues(parsed.error.issues));
      toastInvalidForm(fieldsFromIssues(parsed.error.issues));
      return;
    }
    try {
      if (creating) {
        const saved = await create.mutateAsync(parsed.data);
        toast({ title: t("editor.created"), variant: "success" });
        void navigate(`/admin/workout-library/${saved.id}`, { replace: true });
      } else {
        const { visibility, sessions, prerequisites, pricing, deliveryPartners, ...details } = parsed.data;
        await update.mutateAsync({ details, visibility, sessions, prerequisites, pricing, deliveryPartners });
        // Saved: what is in the form is now the stored state (no leave-without-saving question).
        form.reset(values);
        toast({ title: t("editor.saved"), variant: "success" });
      }
    } catch (e) {
      if (e instanceof ApiError && Object.keys(e.fields).length) {
        applyFieldErrors(form.setError, e.fields);
        toastInvalidForm(e.fields);
      } else toastMessage("toast.generic");
    }
  };

  return (
    <FormProvider {...form}>
      <LeaveGuard when={form.formState.isDirty && !saving && !readOnly} />
      <Page
        title={creating ? t("editor.createTitle") : workout.title}
        actions={workout ? <StatusControl workout={workout} /> : null}
      >
        <form
          noValidate
          onSubmit={(e) => {
            // Errors set by hand (zod paths, server fields) would otherwise block the next submit.
            form.clearErrors();
            void form.handleSubmit(onSubmit, () => toastMessage("toast.missingFields"))(e);
          }}
          className="grid gap-6"
          aria-label={creating ? t("editor.createTitle") : t("editor.title")}
        >
          {readOnly ? <p className="rounded-lg border border-border bg-muted p-3 text-sm">{t("editor.readOnly")}</p> : null}
          <fieldset disabled={readOnly} className="contents">
            <InitialDetails />
            <Metadata />
            <Content />
            <Section id="base-pricing" title={t("editor.section.basePricing")} description={t("editor.basePricingHint")}>
              <PricingLinesEditor currency={currency} />
            </Section>
            <Section id="custom-pricing" title={t("editor.section.customPricing")} description={t("editor.customPricingHint")}>
              <p className="text-sm text-muted-foreground">{t("editor.customPricingBody")}</p>
            </Section>
            <Section id="delivery-partners" title={t("editor.section.deliveryPartners")}>
              <DeliveryPartnersEditor />
            </Section>
            <Sessions workout={workout} />
            <Prerequisites workoutId={workout?.id ?? null} />
            <VisibilityBuilder />
          </fieldset>
          <VariantDetails workout={workout} />
          {readOnly ? null : (
            <div className="sticky bottom-0 flex justify-end gap-2 border-t border-border bg-background/95 py-3">
              <Button variant="outline" asChild>
                <Link to="/admin/workout-library">{t("common.cancel")}</Link>
              </Button>
              <Button type="submit" loading={saving}>
                {creating ? t("editor.create") : t("common.saveChanges")}
              </Button>
            </div>
          )}
        </form>
      </Page>
    </FormProvider>
  );
}

/** Library status: the allowed next states, each through a confirmation dialog. */
function StatusControl({ workout }: { workout: WorkoutDto }) {
  const t = useT();
  const change = useChangeStatus();
  const [target, setTarget] = useState<LibraryStatus | null>(null);
  return (
    <div className="flex flex-wrap items-center gap-2">
      <span className="text-sm text-muted-foreground">{t("editor.status")}</span>
      <StatusBadge status={workout.status} />
      {LIBRARY_TRANSITIONS[workout.status].map((s) => (
        <Button key={s} variant="outline" size="sm" onClick={() => setTarget(s)}>
          {t("editor.markAs", { status: t(`enum.LibraryStatus.${s}`) })}
        </Button>
      ))}
      <ConfirmDialog
        open={target !== null}
        onOpenChange={(o) => !o && setTarget(null)}
        title={t("editor.statusConfirmTitle", { status: target ? t(`enum.LibraryStatus.${target}`) : "" })}
        description={t(target === "available" ? "editor.statusConfirmAvailable" : target === "archived" ? "editor.statusConfirmArchived" : "editor.statusConfirmBody")}
        confirmLabel={t("editor.markAs", { status: target ? t(`enum.LibraryStatus.${target}`) : "" })}
        loading={change.isPending}
        onConfirm={async () => {
          if (!target) return;
          try {
            await change.mutateAsync({ id: workout.id, status: target });
            toast({ title: t("editor.statusChanged", { status: t(`enum.LibraryStatus.${target}`) }), variant: "success" });
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

function InitialDetails() {
  const t = useT();
  const { register } = useFormContext<WorkoutForm>();
  const error = useFieldError<WorkoutForm>();
  return (
    <Section id="initial-details" title={t("editor.section.initialDetails")}>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t("editor.name")} required error={error("name")}>
          <Input {...register("name")} />
        </Field>
        <Field label={t("editor.sku")} required error={error("sku")}>
          <Input {...register("sku")} />
        </Field>
        <Field label={t("editor.type")} required error={error("type")}>
          <Select {...register("type")} placeholder={t("common.select")}>
            {WorkoutType.map((v) => (
              <option key={v} value={v}>
                {t(`enum.WorkoutType.${v}`)}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t("editor.category")} required error={error("category")}>
          <Select {...register("category")} placeholder={t("common.select")}>
            {Category.map((v) => (
              <option key={v} value={v}>
                {t(`enum.Category.${v}`)}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t("editor.priority")} hint={t("editor.priorityHint")} error={error("priority")}>
          <Input inputMode="numeric" placeholder={String(WORKOUT_DEFAULTS.priority)} {...register("priority")} />
        </Field>
        <Field label={t("editor.partnerVisibility")} error={error("partnerVisibility")}>
          <Select {...register("partnerVisibility")}>
            {PartnerVisibility.map((v) => (
              <option key={v} value={v}>
                {t(`enum.PartnerVisibility.${v}`)}
              </option>
            ))}
          </Select>
        </Field>
      </div>
    </Section>
  );
}

function Metadata() {
  const t = useT();
  const { register, control } = useFormContext<WorkoutForm>();
  const error = useFieldError<WorkoutForm>();
  return (
    <Section id="metadata" title={t("editor.section.metadata")}>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t("editor.totalMinutes")} error={error("totalMinutes")}>
          <Input inputMode="numeric" placeholder={String(WORKOUT_DEFAULTS.totalMinutes)} {...register("totalMinutes")} />
        </Field>
        <Field label={t("editor.maxAttendees")} error={error("maxAttendees")}>
          <Input inputMode="numeric" placeholder={String(WORKOUT_DEFAULTS.maxAttendees)} {...register("maxAttendees")} />
        </Field>
        <Field label={t("editor.difficulty")} required error={error("difficulty")}>
          <Select {...register("difficulty")} placeholder={t("common.select")}>
            {Difficulty.map((v) => (
              <option key={v} value={v}>
                {t(`enum.Difficulty.${v}`)}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t("editor.format")}>
          <Select {...register("format")}>
            <option value="onlineInstructorLed">{t("enum.WorkoutFormat.onlineInstructorLed")}</option>
          </Select>
        </Field>
        <Controller
          control={control}
          name="allowPartnerVariants"
          render={({ field }) => <Checkbox label={t("editor.allowPartnerVariants")} checked={field.value} onCheckedChange={(v) => field.onChange(v === true)} />}
        />
      </div>
      <fieldset className="mt-4">
        <legend className="text-sm font-medium">{t("editor.greatFor")}</legend>
        <Controller
          control={control}
          name="greatFor"
          render={({ field }) => (
            <div className="mt-2 grid gap-2 sm:grid-cols-3">
              {WorkoutTag.map((tag) => (
                <Checkbox
                  key={tag}
                  label={t(`enum.WorkoutTag.${tag}`)}
                  checked={field.value.includes(tag)}
                  onCheckedChange={(on) => field.onChange(on === true ? [...field.value, tag] : field.value.filter((x) => x !== tag))}
                />
              ))}
            </div>
          )}
        />
      </fieldset>
    </Section>
  );
}

function Content() {
  const t = useT();
  const { register, control } = useFormContext<WorkoutForm>();
  const media = useFieldArray({ control, name: "featuredMedia" });
  const error = useFieldError<WorkoutForm>();
  return (
    <Section id="content" title={t("editor.section.content")}>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t("editor.title")} required error={error("title")}>
          <Input {...register("title")} />
        </Field>
        <Field label={t("editor.subtitle")} optional error={error("subtitle")}>
          <Input {...register("subtitle")} />
        </Field>
        <Field label={t("editor.description")} optional error={error("description")} className="sm:col-span-2">
          <Textarea rows={5} {...register("description")} />
        </Field>
        <Field label={t("editor.icon")} optional hint={t("editor.iconHint")} error={error("icon")}>
          <Input {...register("icon")} />
        </Field>
      </div>
      <fieldset className="mt-4 grid gap-3">
        <legend className="text-sm font-medium">{t("editor.featuredMedia")}</legend>
        {media.fields.map((f, i) => (
          <div key={f.id} className="grid gap-3 sm:grid-cols-[10rem_1fr_1fr_auto]">
            <Field label={t("editor.mediaType")}>
              <Select {...register(`featuredMedia.${i}.type`)}>
                <option value="image">{t("enum.FeaturedMediaType.image")}</option>
                <option value="video">{t("enum.FeaturedMediaType.video")}</option>
              </Select>
            </Field>
            <Field label={t("editor.mediaUrl")} required error={error(`featuredMedia.${i}.url`)}>
              <Input type="url" {...register(`featuredMedia.${i}.url`)} />
            </Field>
            <Field label={t("editor.mediaAlt")} optional>
              <Input {...register(`featuredMedia.${i}.alt`)} />
            </Field>
            <Button type="button" variant="ghost" size="icon" className="self-end" aria-label={t("editor.removeMedia", { n: i + 1 })} onClick={() => media.remove(i)}>
              <Trash2 aria-hidden="true" />
            </Button>
          </div>
        ))}
        <div>
          <Button type="button" variant="outline" onClick={() => media.append({ type: "image", url: "", alt: "" })}>
            <Plus aria-hidden="true" />
            {t("editor.addMedia")}
          </Button>
        </div>
      </fieldset>
    </Section>
  );
}

/** Variant Details: the first variant when creating; the list of variants when editing. */
function VariantDetails({ workout }: { workout: WorkoutDto | null }) {
  const t = useT();
  const { register } = useFormContext<WorkoutForm>();
  const error = useFieldError<WorkoutForm>();
  const canAdd = workout && (workout.own || workout.allowPartnerVariants);
  return (
    <Section
      id="variant-details"
      title={t("editor.section.variantDetails")}
      actions={
        canAdd ? (
          <Button variant="outline" size="sm" asChild>
            <Link to={`/admin/workout-library/${workout.id}/variant/new`}>
              <Plus aria-hidden="true" />
              {t("editor.addVariant")}
            </Link>
          </Button>
        ) : null
      }
    >
      {workout ? (
        <ul className="grid gap-2">
          {workout.variants.map((v) => (
            <li key={v.id} className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-border p-3">
              <div>
                <Link to={`/admin/workout-library/${workout.id}/variant/${v.id}`} className="font-medium text-brand-text underline-offset-4 hover:underline">
                  {v.name}
                </Link>
                <p className="text-sm text-muted-foreground">
                  {t(`enum.Language.${v.locale}`)} · {v.availableFrom ?? "—"} – {v.availableTo ?? "—"}
                  {v.customPricing ? ` · ${t("editor.customPricingOn")}` : ""}
                </p>
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label={t("editor.variantName")} required error={error("variant.name")}>
            <Input {...register("variant.name")} />
          </Field>
          <Field label={t("editor.locale")}>
            <Select {...register("variant.locale")}>
              {Language.map((v) => (
                <option key={v} value={v}>
                  {t(`enum.Language.${v}`)}
                </option>
              ))}
            </Select>
          </Field>
          <DateField<WorkoutForm> name="variant.availableFrom" label={t("editor.availableFrom")} min={today()} />
          <DateField<WorkoutForm> name="variant.availableTo" label={t("editor.availableTo")} />
        </div>
      )}
    </Section>
  );
}
