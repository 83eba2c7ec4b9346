import { zodResolver } from "@hookform/resolvers/zod";
import { useMemo } from "react";
import { FormProvider, useForm } from "react-hook-form";
import { Link, useNavigate, useParams } from "react-router";
import type { z } from "zod";
import type { WorkoutDto } from "../../../contract/workouts";
import { useAppUser } from "../../auth/useAppUser";
import { LeaveGuard } from "../../app/shell/LeaveGuard";
import { Page } from "../../components/layout/Page";
import { Button } from "../../components/ui/Button";
import { QueryState } from "../../components/ui/QueryState";
import { toast, toastMessage } from "../../components/ui/toast-store";
import { ApiError } from "../../lib/api";
import { toastInvalidForm } from "../../lib/forms";
import { useLanguage, useT } from "../../lib/i18n";
import { useAccount } from "../accounts/api";
import { useCreateWorkout, useUpdateWorkout, useWorkout } from "./api";
import { Content, InitialDetails, Metadata } from "./DetailsSections";
import { DeliveryPartnersEditor, PricingLinesEditor, Section, applyFieldErrors } from "./parts";
import { Prerequisites, VisibilityBuilder } from "./RulesEditor";
import { Sessions } from "./SessionsEditor";
import { StatusControl } from "./StatusControl";
import { VariantDetails } from "./VariantDetails";
import { blank, fromWorkout, workoutFormSchema, type WorkoutForm } from "./workout-form";
import { useToday } from "../../lib/dates";

/**
 * /admin/workout-library/create and /:id: every editing section of a workout
 * on one page, checked with the contract's schema before it is sent (the
 * worker checks again; the first field it refuses takes the focus), the
 * library status changed through a confirmation.
 */
export default function WorkoutEditorScreen() {
  const { id } = useParams();
  const t = useT();
  const query = useWorkout(id);
  if (!id) return <Editor workout={null} />;
  if (query.data) return <Editor key={query.data.updatedAt} workout={query.data} />;
  return (
    <Page title={t("editor.editTitle")}>
      <QueryState query={query} error={t("toast.workoutNotFound.description")} rows={2} rowClassName="h-40" className="gap-4">
        {() => null}
      </QueryState>
    </Page>
  );
}

function Editor({ workout }: { workout: WorkoutDto | null }) {
  const t = useT();
  const navigate = useNavigate();
  const { account } = useAppUser();
  const [language] = useLanguage();
  const creating = workout === null;
  const readOnly = workout !== null && !workout.own;
  // Windows run on UTC days, as the catalogue counts them.
  const day = useToday("UTC");
  const defaults = useMemo(() => (workout ? fromWorkout(workout, language) : blank(language, day)), [workout, language, day]);
  const schema = useMemo(() => workoutFormSchema(creating), [creating]);
  const form = useForm<WorkoutForm, unknown, z.output<typeof schema>>({ resolver: zodResolver(schema), defaultValues: defaults });
  const create = useCreateWorkout();
  const update = useUpdateWorkout(workout?.id ?? "");
  const saving = create.isPending || update.isPending;
  const currency = useAccount(account?.id).data?.currency ?? "USD";

  const onSubmit = async (body: z.output<typeof schema>) => {
    try {
      if (creating) {
        const saved = await create.mutateAsync(body);
        toast({ title: t("editor.created"), variant: "success" });
        void navigate(`/admin/workout-library/${saved.id}`, { replace: true });
      } else {
        const { visibility, sessions, prerequisites, pricing, deliveryPartners, ...details } = body;
        await update.mutateAsync({ details, visibility, sessions, prerequisites, pricing, deliveryPartners });
        // Saved: what is in the form is now the stored state (no leave-without-saving question).
        form.reset(form.getValues());
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
      <Page title={creating ? t("editor.createTitle") : workout.title} actions={workout ? <StatusControl workout={workout} /> : null}>
        <form
          noValidate
          onSubmit={(e) => void form.handleSubmit(onSubmit, (errors) => toastInvalidForm(errors))(e)}
          className="grid gap-6"
          aria-label={creating ? t("editor.createTitle") : t("editor.editTitle")}
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
