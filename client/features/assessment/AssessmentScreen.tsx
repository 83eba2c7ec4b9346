import { zodResolver } from "@hookform/resolvers/zod";
import { useMemo } from "react";
import { useForm } from "react-hook-form";
import { Link, useParams } from "react-router";
import { ASSESSMENT_LINK_MESSAGES, assessmentFormSchema, type AssessmentFormDto, type AssessmentResultDto } from "../../../contract/assessments";
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
import { translateApiMessage, useT } from "../../lib/i18n";
import { useOpenAssessment, useSubmitAssessment } from "./api";
import type { z } from "zod";
import { setFieldErrors } from "../../lib/forms";
import { enumLabel } from "../../lib/enums";
import { LeaveGuard } from "../../app/shell/LeaveGuard";

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
  const { register, handleSubmit, formState, setError } = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { answers: {} },
  });
  const err = (m?: string) => (m ? translateApiMessage(m) : null);
  const categories = Category.filter((c) => form.questions.some((q) => q.category === c));

  const onSubmit = handleSubmit(
    async (values) => {
      try {
        await submit.mutateAsync({
          answers: Object.fromEntries(Object.entries(values.answers).map(([id, v]) => [id, Number(v)])),
          ...(form.asksForAssessee ? { assesseeName: values.assesseeName, assesseeEmail: values.assesseeEmail } : {}),
        });
      } catch (e) {
        if (e instanceof ApiError && e.status === 400) {
          setFieldErrors(setError, e.fields);
          return toastMessage("toast.missingFields", { variant: "error" });
        }
        if (e instanceof ApiError && e.status === 429) return toast({ title: t("assessment.tooMany"), variant: "error" });
        toastMessage("toast.generic", { variant: "error" });
      }
    },
    () => toastMessage("toast.missingFields", { variant: "error" }),
  );

  return (
    <Page title={form.category === "all" ? t("assessment.title") : t("assessment.titleOne", { category: enumLabel(t, "Category", form.category) })}>
      <p className="-mt-2 mb-6 max-w-2xl text-muted-foreground">
        {form.partnerName
          ? t("assessment.introFrom", { partner: form.partnerName, n: form.questions.length })
          : t("assessment.intro", { n: form.questions.length })}
      </p>
      <form onSubmit={(e) => void onSubmit(e)} noValidate className="grid gap-8" aria-label={t("assessment.title")}>
        <LeaveGuard when={formState.isDirty && !submit.isPending && !submit.isSuccess} />
        {form.asksForAssessee ? (
          <fieldset className="grid gap-4 rounded-xl border border-border bg-card p-5 sm:grid-cols-2">
            <legend className="px-1 font-semibold">{t("assessment.aboutYou")}</legend>
            <p className="text-sm text-muted-foreground sm:col-span-2">{t("assessment.aboutYouHint")}</p>
            <Field label={t("assessment.name")} required error={err(formState.errors.assesseeName?.message)}>
              <Input autoComplete="name" {...register("assesseeName")} />
            </Field>
            <Field label={t("assessment.email")} required error={err(formState.errors.assesseeEmail?.message)}>
              <Input type="email" autoComplete="email" {...register("assesseeEmail")} />
            </Field>
          </fieldset>
        ) : null}
        {categories.map((c) => (
          <fieldset key={c} className="grid gap-5 rounded-xl border border-border bg-card p-5">
            <legend className="px-1 text-lg font-semibold">{enumLabel(t, "Category", c)}</legend>
            {form.questions
              .filter((q) => q.category === c)
              .map((q) => {
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
                    <div className="flex flex-wrap gap-2">
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
        ))}
        <div className="flex justify-end">
          <Button type="submit" size="lg" loading={submit.isPending}>
            {t("assessment.submit")}
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
