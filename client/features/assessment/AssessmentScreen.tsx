import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useMemo, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useParams } from "react-router";
import {
  ASSESSMENT_LINK_MESSAGES,
  assessmentFormSchema,
  type AssessmentFormDto,
  type AssessmentFormValues,
  type AssessmentQuestionDto,
  type AssessmentResultDto,
} from "../../../contract/assessments";
import { Category } from "../../../contract/enums";
import { useAppUser } from "../../auth/useAppUser";
import { Page } from "../../components/layout/Page";
import { Button } from "../../components/ui/Button";
import { Field, Input } from "../../components/ui/Field";
import { Skeleton } from "../../components/ui/Skeleton";
import { withinFocusRing } from "../../components/ui/focus-ring";
import { cn } from "../../lib/cn";
import { toast, toastMessage } from "../../components/ui/toast-store";
import { ApiError } from "../../lib/api";
import { useT } from "../../lib/i18n";
import { translateApiMessage } from "../../lib/api-messages";
import { useOpenAssessment, useScoreRecommendations, useSubmitAssessment } from "./api";
import { RecommendedWorkouts } from "../scores/RecommendedWorkouts";
import type { z } from "zod";
import { errorAt, setFieldErrors } from "../../lib/forms";
import { clearDraft, readDraft, saveDraft } from "./draft";
import { enumLabel } from "../../lib/enums";

/** The catalogue key for why a link was refused. */
function refusalKey(error: unknown) {
  if (!(error instanceof ApiError)) return "assessment.failed" as const;
  if (error.status === 401) return "assessment.signIn" as const;
  if (error.status === 429) return "assessment.tooMany" as const;
  switch (error.message) {
    case ASSESSMENT_LINK_MESSAGES.expired:
      return "assessment.expired" as const;
    case ASSESSMENT_LINK_MESSAGES.someoneElse:
      return "assessment.someoneElse" as const;
    case ASSESSMENT_LINK_MESSAGES.done:
      return "assessment.done" as const;
    case ASSESSMENT_LINK_MESSAGES.previousProvider:
      return "assessment.previousProvider" as const;
    case ASSESSMENT_LINK_MESSAGES.notFound:
      return "assessment.notFound" as const;
    default:
      return "assessment.failed" as const;
  }
}

/**
 * /assessment/:token: the product's fitness assessment. Opening the link
 * marks it in progress; the questionnaire groups its statements by
 * category, each answered on the scale the question offers; finishing it
 * shows the overall score and one per category. A partner's link also asks
 * for the taker's name and e-mail address unless they are signed in with a
 * verified address (then the scores go straight to their team); no sign-in
 * is needed for it.
 */
export default function AssessmentScreen() {
  const t = useT();
  const { token } = useParams();
  const { authenticating, signedIn } = useAppUser();
  const form = useOpenAssessment(token, !authenticating);
  const submit = useSubmitAssessment(token ?? "");

  if (submit.data) return <Result result={submit.data} signedIn={signedIn} />;
  if (authenticating || form.isPending)
    return (
      <Page title={t("assessment.title")}>
        <div className="grid gap-3" aria-busy="true">
          <Skeleton className="h-24" />
          <Skeleton className="h-24" />
        </div>
      </Page>
    );
  if (form.isError)
    return (
      <Page title={t("assessment.title")}>
        <p role="alert" className="text-danger">
          {t(refusalKey(form.error))}
        </p>
        <Link to={signedIn ? "/" : "/login"} className="mt-4 inline-block text-brand-text underline">
          {signedIn ? t("assessment.home") : t("assessment.toSignIn")}
        </Link>
      </Page>
    );
  return <Questionnaire form={form.data} submit={submit} />;
}

/** One step of the guided flow: who takes it (a partner's link), or one category's statements. */
type Step = { kind: "about" } | { kind: "category"; category: Category; questions: AssessmentQuestionDto[] };

/** The steps of a questionnaire: "about you" first when it asks, then one per category, in the product's order. */
function stepsOf(form: AssessmentFormDto): Step[] {
  const categories = Category.filter((c) => form.questions.some((q) => q.category === c));
  return [
    ...(form.asksForAssessee ? [{ kind: "about" } as const] : []),
    ...categories.map((c) => ({ kind: "category" as const, category: c, questions: form.questions.filter((q) => q.category === c) })),
  ];
}

/** The fields a step asks for, to check before going on. */
const fieldsOf = (step: Step) => (step.kind === "about" ? (["assesseeName", "assesseeEmail"] as const) : step.questions.map((q) => `answers.${q.id}` as const));

/**
 * The questionnaire as a guided flow: one category per step ("Step 3 of 8"),
 * Back and Next, each step checked before the next one; the answers and the
 * step are kept in this browser (./draft.ts) so a reload or a later visit
 * resumes where the taker left.
 */
function Questionnaire({ form, submit }: { form: AssessmentFormDto; submit: ReturnType<typeof useSubmitAssessment> }) {
  const t = useT();
  const schema = useMemo(
    () =>
      assessmentFormSchema(
        form.questions.map((q) => q.id),
        form.asksForAssessee,
      ),
    [form],
  );
  const steps = useMemo(() => stepsOf(form), [form]);
  const [draft] = useState(() => readDraft(form.id));
  const [index, setIndex] = useState(() => Math.min(draft?.step ?? 0, steps.length - 1));
  const { register, handleSubmit, formState, setError, trigger, watch, getValues } = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: draft?.values ?? { answers: {} },
  });
  const heading = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  const err = (m?: string) => (m ? translateApiMessage(m) : null);
  const step = steps[index] ?? steps[0]!;
  const last = index === steps.length - 1;

  // Every answer and every step change is kept at once.
  useEffect(() => {
    const subscription = watch((values) => saveDraft(form.id, index, values as AssessmentFormValues));
    saveDraft(form.id, index, getValues());
    return () => subscription.unsubscribe();
  }, [watch, getValues, form.id, index]);
  // A new step takes the focus to its heading (not on first load), so a screen reader starts there.
  useEffect(() => {
    if (!moved.current) return;
    heading.current?.focus();
    heading.current?.scrollIntoView({ block: "start" });
  }, [index]);

  const go = (to: number) => {
    moved.current = true;
    setIndex(Math.max(0, Math.min(steps.length - 1, to)));
  };
  const next = async () => {
    if (await trigger([...fieldsOf(step)], { shouldFocus: true })) go(index + 1);
    else toastMessage("toast.missingFields", { variant: "error" });
  };

  const onSubmit = handleSubmit(
    async (values) => {
      try {
        await submit.mutateAsync({
          answers: Object.fromEntries(Object.entries(values.answers).map(([id, v]) => [id, Number(v)])),
          ...(form.asksForAssessee ? { assesseeName: values.assesseeName, assesseeEmail: values.assesseeEmail } : {}),
        });
        clearDraft(form.id);
      } catch (e) {
        if (e instanceof ApiError && e.status === 400) {
          setFieldErrors(setError, e.fields);
          // Back to the first step with a refused field.
          const at = steps.findIndex((s) => fieldsOf(s).some((f) => f in e.fields));
          if (at >= 0) go(at);
          return toastMessage("toast.missingFields", { variant: "error" });
        }
        if (e instanceof ApiError && e.status === 429) return toast({ title: t("assessment.tooMany"), variant: "error" });
        toastMessage("toast.generic", { variant: "error" });
      }
    },
    (errors) => {
      const at = steps.findIndex((s) => fieldsOf(s).some((f) => errorAt(errors, f)));
      if (at >= 0) go(at);
      toastMessage("toast.missingFields", { variant: "error" });
    },
  );

  return (
    <Page title={form.category === "all" ? t("assessment.title") : t("assessment.titleOne", { category: enumLabel(t, "Category", form.category) })}>
      <p className="-mt-2 mb-6 max-w-2xl text-muted-foreground">
        {form.partnerName
          ? t("assessment.introFrom", { partner: form.partnerName, n: form.questions.length })
          : t("assessment.intro", { n: form.questions.length })}
      </p>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (last) void onSubmit(e);
          else void next();
        }}
        noValidate
        className="grid gap-6"
        aria-label={t("assessment.title")}
      >
        <div className="grid gap-2">
          <p className="text-sm font-medium text-muted-foreground" data-testid="assessment-progress">
            {t("assessment.step", { n: index + 1, total: steps.length })}
          </p>
          <div className="h-2 overflow-hidden rounded-full bg-muted" aria-hidden="true">
            <div className="h-full rounded-full bg-brand transition-[width]" style={{ width: `${((index + 1) / steps.length) * 100}%` }} />
          </div>
        </div>
        {step.kind === "about" ? (
          <fieldset aria-labelledby="assessment-step" className="grid gap-4 rounded-xl border border-border bg-card p-5 sm:grid-cols-2">
            <h2 id="assessment-step" ref={heading} tabIndex={-1} className="text-lg font-semibold outline-none sm:col-span-2">
              {t("assessment.aboutYou")}
            </h2>
            <p className="text-sm text-muted-foreground sm:col-span-2">{t("assessment.aboutYouHint")}</p>
            <Field label={t("assessment.name")} required error={err(formState.errors.assesseeName?.message)}>
              <Input autoComplete="name" {...register("assesseeName")} />
            </Field>
            <Field label={t("assessment.email")} required error={err(formState.errors.assesseeEmail?.message)}>
              <Input type="email" autoComplete="email" {...register("assesseeEmail")} />
            </Field>
          </fieldset>
        ) : (
          <fieldset key={step.category} aria-labelledby="assessment-step" className="grid gap-5 rounded-xl border border-border bg-card p-5">
            <h2 id="assessment-step" ref={heading} tabIndex={-1} className="text-lg font-semibold outline-none">
              {enumLabel(t, "Category", step.category)}
            </h2>
            {step.questions.map((q) => {
              const error = formState.errors.answers?.[q.id]?.message;
              const errorId = `answer-error-${q.id}`;
              return (
                <fieldset key={q.id} className="grid gap-2" aria-describedby={error ? errorId : undefined} data-testid="assessment-question">
                  <legend className="mb-2 font-medium">
                    {q.text}
                    <span className="text-danger" aria-hidden="true">
                      {" "}
                      *
                    </span>
                  </legend>
                  {/* The scale in order: a row that wraps where there is room, one answer under the other on a phone (not rows of two and one). */}
                  <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
                    {q.options.map((o) => (
                      <label
                        key={o.value}
                        className={cn(
                          "flex cursor-pointer items-center gap-2 rounded-lg border border-border px-3 py-2 text-sm has-[:checked]:border-brand has-[:checked]:bg-muted",
                          withinFocusRing,
                        )}
                      >
                        <input
                          type="radio"
                          value={String(o.value)}
                          className="accent-[rgb(var(--brand))]"
                          aria-invalid={error ? true : undefined}
                          {...register(`answers.${q.id}`)}
                        />
                        {o.label}
                      </label>
                    ))}
                  </div>
                  {error ? (
                    <p id={errorId} className="text-sm text-danger">
                      {translateApiMessage(error)}
                    </p>
                  ) : null}
                </fieldset>
              );
            })}
          </fieldset>
        )}
        <div className="flex flex-wrap justify-between gap-3">
          {index > 0 ? (
            <Button type="button" variant="outline" size="lg" onClick={() => go(index - 1)}>
              {t("assessment.back")}
            </Button>
          ) : (
            <span />
          )}
          <Button type="submit" size="lg" loading={last && submit.isPending}>
            {last ? t("assessment.submit") : t("assessment.next")}
          </Button>
        </div>
      </form>
    </Page>
  );
}

function Result({ result, signedIn }: { result: AssessmentResultDto; signedIn: boolean }) {
  const t = useT();
  return (
    <Page title={t("assessment.doneTitle")}>
      <div className="grid gap-6">
        <section aria-labelledby="overall" className="flex items-center gap-5 rounded-xl border border-border bg-card p-6">
          <div
            className="flex size-20 shrink-0 items-center justify-center rounded-full border-4 border-brand text-2xl font-semibold"
            data-testid="assessment-overall"
          >
            {result.overall.score}
          </div>
          <div>
            <h2 id="overall" className="font-semibold">
              {t("home.fitnessScore", { name: result.overall.scoreName })}
            </h2>
            <p className="text-muted-foreground">{result.overall.customScoreString}</p>
            <p className="mt-1 text-sm text-muted-foreground">{result.orphaned ? t("assessment.thanksPartner") : t("assessment.thanks")}</p>
          </div>
        </section>
        <ul className="grid gap-3 sm:grid-cols-2" aria-label={t("assessment.byCategory")}>
          {result.categories.map((c) => (
            <li key={c.category} className="flex items-baseline justify-between gap-2 rounded-lg border border-border bg-card p-4">
              <span>{enumLabel(t, "Category", c.category)}</span>
              <span className="text-xl font-semibold">{c.scorePercent}%</span>
            </li>
          ))}
        </ul>
        {signedIn && !result.orphaned ? <NextStep /> : null}
        {signedIn ? (
          <div className="flex flex-wrap gap-3">
            <Link to="/" className="text-brand-text underline">
              {t("assessment.home")}
            </Link>
            <Link to="/activity" className="text-brand-text underline">
              {t("assessment.activity")}
            </Link>
          </div>
        ) : null}
      </div>
    </Page>
  );
}

/**
 * After a result, the next step: the workouts the customer's catalogue shows
 * in its weakest categories (the partner's featured ones when nothing fits),
 * each opening its page to book it.
 */
function NextStep() {
  const t = useT();
  const recommended = useScoreRecommendations(true);
  const data = recommended.data;
  if (!data || data.workouts.length === 0) return null;
  return (
    <section aria-labelledby="next-step" className="grid gap-3 rounded-xl border border-border bg-card p-5">
      <h2 id="next-step" className="text-lg font-semibold">
        {t("assessment.nextTitle")}
      </h2>
      <p className="text-sm text-muted-foreground">
        {data.basis === "scores"
          ? t("assessment.nextByScores", { categories: data.categories.map((c) => enumLabel(t, "Category", c)).join(", ") })
          : t("assessment.nextFeatured")}
      </p>
      <RecommendedWorkouts workouts={data.workouts} />
    </section>
  );
}
