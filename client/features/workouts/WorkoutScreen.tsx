import { zodResolver } from "@hookform/resolvers/zod";
import { CalendarPlus, Clock, GraduationCap, MonitorPlay, Star, Users } from "../../components/icons";
import { useEffect, useRef, type ReactNode } from "react";
import { Controller, useForm } from "react-hook-form";
import { Link, useNavigate, useParams } from "react-router";
import { ReviewBody, type CatalogueWorkout } from "../../../contract/catalogue";
import { Page } from "../../components/layout/Page";
import { Button } from "../../components/ui/Button";
import { EmptyState } from "../../components/ui/EmptyState";
import { Field, Textarea } from "../../components/ui/Field";
import { Skeleton } from "../../components/ui/Skeleton";
import { Tabs } from "../../components/ui/Tabs";
import { peerFocusRing } from "../../components/ui/focus-ring";
import { toast, toastMessage } from "../../components/ui/toast-store";
import { ApiError } from "../../lib/api";
import { cn } from "../../lib/cn";
import { useFormatDate } from "../../lib/dates";
import { useLanguage, useT } from "../../lib/i18n";
import { translateApiMessage } from "../../lib/api-messages";
import { BookingOverlay } from "../bookings/BookingOverlay";
import { AttachmentLink } from "../catalogue/AttachmentLink";
import { SaveButton } from "../my-list/SaveButton";
import { useAddReview, useCatalogueWorkout, useReviews } from "../catalogue/api";
import { formatPrice } from "../catalogue/format";
import { toastInvalidForm } from "../../lib/forms";
import type { z } from "zod";
import { enumLabel } from "../../lib/enums";
import { LeaveGuard } from "../../app/shell/LeaveGuard";

/**
 * /workout/:id: headlines, tabs for description, prerequisites and
 * reviews, the sessions, and Book Workout, which opens the booking overlay
 * at /workout/:id/book (closing it returns here). A workout the customer may not see
 * is "not found", exactly like a missing one.
 */
export default function WorkoutScreen() {
  const { id = "", book } = useParams();
  const t = useT();
  const query = useCatalogueWorkout(id);
  const notFound = query.isError && query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400);
  const told = useRef(false);
  useEffect(() => {
    if (notFound && !told.current) {
      told.current = true;
      toastMessage("toast.workoutNotFound");
    }
  }, [notFound]);

  if (query.isPending) {
    return (
      <Page title={t("workout.loading")}>
        <div className="grid gap-4" aria-busy="true">
          <Skeleton className="h-24" />
          <Skeleton className="h-48" />
        </div>
      </Page>
    );
  }
  if (query.isError || !query.data) {
    return (
      <Page title={t("toast.workoutNotFound.title")}>
        <EmptyState
          title={t("toast.workoutNotFound.title")}
          description={t("toast.workoutNotFound.description")}
          action={
            <Button asChild variant="outline">
              <Link to="/workouts">{t("workout.browse")}</Link>
            </Button>
          }
        />
      </Page>
    );
  }
  return (
    <WorkoutWithOverlay id={id} book={book}>
      <WorkoutView workout={query.data} />
    </WorkoutWithOverlay>
  );
}

function WorkoutWithOverlay({ children, id, book }: { children: ReactNode; id: string; book?: string }) {
  const navigate = useNavigate();
  return (
    <>
      {children}
      <BookingOverlay workoutId={id} open={book === "book"} onClose={() => void navigate(`/workout/${id}`)} />
    </>
  );
}

function WorkoutView({ workout: w }: { workout: CatalogueWorkout }) {
  const t = useT();
  const [language] = useLanguage();
  return (
    <Page
      title={w.title}
      actions={
        <>
          <SaveButton workoutId={w.id} />
          <Button asChild size="lg">
            <Link to={`/workout/${w.id}/book`}>
              <CalendarPlus aria-hidden="true" />
              {t("workout.book")}
            </Link>
          </Button>
        </>
      }
    >
      {w.subtitle ? <p className="-mt-4 mb-6 text-lg text-muted-foreground">{w.subtitle}</p> : null}
      <section aria-label={t("workout.headlines")} className="mb-6 rounded-xl border border-border bg-card p-5">
        <dl className="grid gap-4 sm:grid-cols-3 lg:grid-cols-6">
          <Headline icon={<MonitorPlay />} label={t("workout.format")}>
            {enumLabel(t, "WorkoutFormat", w.format)}
          </Headline>
          <Headline icon={<GraduationCap />} label={t("workout.difficulty")}>
            {enumLabel(t, "Difficulty", w.difficulty)}
          </Headline>
          <Headline icon={<Clock />} label={t("workout.totalTime")}>
            {t("library.minutes", { count: w.totalMinutes })}
          </Headline>
          <Headline icon={<Users />} label={t("workout.maxAttendees")}>
            {w.maxAttendees}
          </Headline>
          <Headline icon={<Star />} label={t("workout.rating")}>
            {w.rating.average === null ? t("workout.noRatings") : t("workout.ratingValue", { average: w.rating.average, count: w.rating.count })}
          </Headline>
          <Headline label={t("workout.price")}>{formatPrice(w.price, t, language)}</Headline>
        </dl>
        {w.greatFor.length ? (
          <div className="mt-4">
            <h2 className="text-sm text-muted-foreground">{t("workout.greatFor")}</h2>
            <ul className="mt-1 flex flex-wrap gap-2">
              {w.greatFor.map((tag) => (
                <li key={tag} className="rounded-full border border-border px-2.5 py-0.5 text-xs font-medium">
                  {enumLabel(t, "WorkoutTag", tag)}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </section>
      <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
        <Tabs
          label={t("workout.tabs")}
          tabs={[
            { id: "description", label: t("workout.tab.description"), content: <Description workout={w} /> },
            { id: "prerequisites", label: t("workout.tab.prerequisites"), content: <Prerequisites workout={w} /> },
            { id: "reviews", label: t("workout.tab.reviews"), content: <Reviews workoutId={w.id} /> },
          ]}
        />
        <Sessions workout={w} />
      </div>
    </Page>
  );
}

function Headline({ icon, label, children }: { icon?: ReactNode; label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="flex items-center gap-1.5 text-xs text-muted-foreground">
        {icon ? (
          <span aria-hidden="true" className="text-brand-text [&_svg]:size-4">
            {icon}
          </span>
        ) : null}
        {label}
      </dt>
      <dd className="mt-0.5 font-medium">{children}</dd>
    </div>
  );
}

function Description({ workout: w }: { workout: CatalogueWorkout }) {
  const t = useT();
  return (
    <div className="grid gap-4">
      <p className="whitespace-pre-line">{w.description ?? t("workout.noDescription")}</p>
      {w.featuredMedia.length ? (
        <ul className="grid gap-2">
          {w.featuredMedia.map((m, i) =>
            m.url ? (
              <li key={i}>
                <a href={m.url} target="_blank" rel="noreferrer noopener" className="text-brand-text underline underline-offset-4">
                  {m.alt || enumLabel(t, "FeaturedMediaType", m.type === "video" ? "video" : "image")}{" "}
                  <span className="sr-only">{t("common.opensInNewTab")}</span>
                </a>
              </li>
            ) : null,
          )}
        </ul>
      ) : null}
    </div>
  );
}

function Prerequisites({ workout: w }: { workout: CatalogueWorkout }) {
  const t = useT();
  if (!w.prerequisites.length) return <p className="text-muted-foreground">{t("workout.noPrerequisites")}</p>;
  return (
    <ul className="grid gap-3">
      {w.prerequisites.map((p) => (
        <li key={p.id} className="rounded-lg border border-border p-3">
          <p className="font-medium">{p.name}</p>
          <p className="text-sm text-muted-foreground">
            {enumLabel(t, "PrerequisiteType", p.type)}
            {p.type === "score" && p.category ? ` · ${enumLabel(t, "Category", p.category)} ≥ ${p.minimumScore}` : ""}
          </p>
        </li>
      ))}
    </ul>
  );
}

function Sessions({ workout: w }: { workout: CatalogueWorkout }) {
  const t = useT();
  return (
    <section aria-labelledby="sessions-heading" className="rounded-xl border border-border bg-card p-5">
      <h2 id="sessions-heading" className="text-lg font-semibold">
        {t("workout.sessions", { count: w.sessions.length })}
      </h2>
      <ol className="mt-4 grid gap-4">
        {w.sessions.map((s) => (
          <li key={s.id} className="border-l-2 border-brand pl-3">
            <p className="font-medium">
              {s.sequence}. {s.name}
            </p>
            <p className="text-sm text-muted-foreground">{t("library.minutes", { count: s.lengthMinutes })}</p>
            {s.shortSummary ? <p className="mt-1 text-sm">{s.shortSummary}</p> : null}
            {s.attachments.length ? (
              <ul className="mt-2 grid gap-1 text-sm">
                {s.attachments.map((a) => (
                  <li key={a.id}>
                    <AttachmentLink attachment={a} />
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ol>
    </section>
  );
}

type ReviewValues = z.input<typeof ReviewBody>;

function Reviews({ workoutId }: { workoutId: string }) {
  const t = useT();
  const formatDate = useFormatDate();
  const query = useReviews(workoutId, true);
  const add = useAddReview(workoutId);
  const form = useForm<ReviewValues, unknown, z.output<typeof ReviewBody>>({ resolver: zodResolver(ReviewBody), defaultValues: { rating: 0, comment: "" } });
  if (query.isPending) return <Skeleton className="h-24" aria-busy="true" />;
  if (query.isError)
    return (
      <p role="alert" className="text-danger">
        {t("workout.reviewsFailed")}
      </p>
    );
  const r = query.data;
  const onSubmit = form.handleSubmit(
    async (values) => {
      try {
        await add.mutateAsync(values);
        form.reset();
        toast({ title: t("workout.reviewThanks"), variant: "success" });
      } catch (e) {
        if (e instanceof ApiError && e.status === 400) for (const [f, m] of Object.entries(e.fields)) form.setError(f as keyof ReviewValues, { message: m });
        else toastMessage("toast.generic");
      }
    },
    (errors) => toastInvalidForm(errors),
  );
  return (
    <div className="grid gap-5">
      <p className="text-lg font-semibold" data-testid="review-average">
        {r.average === null ? t("workout.noRatings") : t("workout.ratingValue", { average: r.average, count: r.count })}
      </p>
      {r.canReview ? (
        <form noValidate onSubmit={(e) => void onSubmit(e)} className="grid gap-3 rounded-lg border border-border p-4" aria-label={t("workout.leaveReview")}>
          <LeaveGuard when={form.formState.isDirty && !add.isPending} />
          <Controller
            control={form.control}
            name="rating"
            render={({ field, fieldState }) => (
              <fieldset>
                <legend className="text-sm font-medium">
                  {t("workout.yourRating")}
                  <span className="text-danger" aria-hidden="true">
                    {" "}
                    *
                  </span>
                </legend>
                <div className="mt-1 flex gap-1">
                  {[1, 2, 3, 4, 5].map((n) => (
                    <label key={n} className="cursor-pointer">
                      <input type="radio" name="rating" value={n} checked={field.value === n} onChange={() => field.onChange(n)} className="peer sr-only" />
                      <Star
                        aria-hidden="true"
                        className={cn("size-7 rounded", peerFocusRing, n <= Number(field.value) ? "fill-current text-brand-text" : "text-muted-foreground")}
                      />
                      <span className="sr-only">{t("workout.stars", { count: n })}</span>
                    </label>
                  ))}
                </div>
                {fieldState.error ? <p className="mt-1 text-sm text-danger">{t("workout.chooseRating")}</p> : null}
              </fieldset>
            )}
          />
          <Field
            label={t("workout.comment")}
            optional
            error={form.formState.errors.comment?.message ? translateApiMessage(form.formState.errors.comment.message) : null}
          >
            <Textarea {...form.register("comment")} />
          </Field>
          <div>
            <Button type="submit" loading={add.isPending}>
              {t("workout.submitReview")}
            </Button>
          </div>
        </form>
      ) : null}
      {r.items.length === 0 ? (
        <p className="text-muted-foreground">{t("workout.noReviews")}</p>
      ) : (
        <ul className="grid gap-3">
          {r.items.map((item) => (
            <li key={item.id} className="rounded-lg border border-border p-3">
              <p className="flex items-center gap-2 text-sm">
                <span className="font-medium">{item.authorName}</span>
                <span aria-hidden="true" className="text-brand-text">
                  {"★".repeat(item.rating)}
                  <span className="text-muted-foreground">{"★".repeat(5 - item.rating)}</span>
                </span>
                <span className="sr-only">{t("workout.stars", { count: item.rating })}</span>
                <span className="text-muted-foreground">{formatDate(item.createdAt)}</span>
              </p>
              {item.comment ? <p className="mt-1">{item.comment}</p> : null}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
