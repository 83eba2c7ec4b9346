import { zodResolver } from "@hookform/resolvers/zod";
import { Controller, FormProvider, useForm } from "react-hook-form";
import { Link, useNavigate, useParams } from "react-router";
import { Language, PartnerVisibility } from "../../../contract/enums";
import { VariantBody, VariantDetailsInput, type VariantDto } from "../../../contract/workouts";
import type { z } from "zod";
import { useAppUser } from "../../auth/useAppUser";
import { LeaveGuard } from "../../app/shell/LeaveGuard";
import { Page } from "../../components/layout/Page";
import { Button } from "../../components/ui/Button";
import { Checkbox, Field, Input } from "../../components/ui/Field";
import { Skeleton } from "../../components/ui/Skeleton";
import { toast, toastMessage } from "../../components/ui/toast-store";
import { ApiError } from "../../lib/api";
import { useLanguage, useT } from "../../lib/i18n";
import { translateApiMessage } from "../../lib/api-messages";
import { useAccount } from "../accounts/api";
import { useSaveVariant, useVariant, useWorkout } from "./api";
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
  type PartnerRow,
  type PricingRow,
} from "./parts";
import { bodySchema, toastInvalidForm, type FormValues } from "../../lib/forms";
import { EnumSelect } from "../../components/ui/EnumSelect";

/** The variant's details as the inputs hold them (from the contract's input), with its pricing and delivery partners. */
type VariantForm = FormValues<z.input<typeof VariantDetailsInput>> & { pricing: PricingRow[]; deliveryPartners: PartnerRow[] };

/** The form as the contract's variant (each field at its path), checked by the contract's schema. */
const VariantSchema = bodySchema(
  (v: VariantForm) => ({ ...v, pricing: pricingOut(v.pricing), deliveryPartners: partnersOut(v.deliveryPartners) }),
  VariantBody,
);

/** /admin/workout-library/:id/variant/:variantId ("new" creates one): a variant's details, custom pricing and delivery partners. */
export default function VariantEditorScreen() {
  const { id = "", variantId = "new" } = useParams();
  const t = useT();
  const creating = variantId === "new";
  const workout = useWorkout(id);
  const variant = useVariant(id, creating ? null : variantId);
  const loading = workout.isPending || (!creating && variant.isPending);
  const failed = workout.isError || (!creating && variant.isError);
  if (loading || failed) {
    return (
      <Page title={t("variant.title")}>
        {failed ? (
          <p role="alert" className="text-danger">
            {t("variant.notFound")}
          </p>
        ) : (
          <Skeleton className="h-40" aria-busy="true" />
        )}
      </Page>
    );
  }
  return <VariantEditor key={variant.data?.id ?? "new"} workoutId={id} workoutTitle={workout.data.title} variant={creating ? null : variant.data!} />;
}

function VariantEditor({ workoutId, workoutTitle, variant }: { workoutId: string; workoutTitle: string; variant: VariantDto | null }) {
  const t = useT();
  const navigate = useNavigate();
  const [language] = useLanguage();
  const { account } = useAppUser();
  const currency = useAccount(account?.id).data?.currency ?? "USD";
  const save = useSaveVariant(workoutId, variant?.id);
  const readOnly = variant !== null && !variant.own;
  const form = useForm<VariantForm, unknown, z.output<typeof VariantSchema>>({
    resolver: zodResolver(VariantSchema),
    defaultValues: variant
      ? {
          name: variant.name,
          locale: variant.locale,
          availableFrom: variant.availableFrom,
          availableTo: variant.availableTo,
          customPricing: variant.customPricing,
          partnerVisibility: variant.partnerVisibility,
          pricing: variant.pricing.map(pricingRow),
          deliveryPartners: variant.deliveryPartners.map(partnerRow),
        }
      : {
          name: "",
          locale: language,
          availableFrom: null,
          availableTo: null,
          customPricing: false,
          partnerVisibility: "private",
          pricing: [],
          deliveryPartners: [],
        },
  });
  // This component provides the form context, so it reads errors from the form itself.
  const error = (name: "name" | "availableFrom" | "availableTo") => {
    const m = form.formState.errors[name]?.message;
    return m ? translateApiMessage(m) : null;
  };

  const onSubmit = async (body: z.output<typeof VariantSchema>) => {
    try {
      const saved = await save.mutateAsync(body);
      form.reset(form.getValues());
      toast({ title: t("variant.saved"), variant: "success" });
      if (!variant) void navigate(`/admin/workout-library/${workoutId}/variant/${saved.id}`, { replace: true });
    } catch (e) {
      if (e instanceof ApiError && Object.keys(e.fields).length) {
        applyFieldErrors(form.setError, e.fields);
        toastInvalidForm(e.fields);
      } else toastMessage("toast.generic");
    }
  };

  return (
    <FormProvider {...form}>
      <LeaveGuard when={form.formState.isDirty && !save.isPending} />
      <Page title={variant ? t("variant.editTitle", { name: variant.name }) : t("variant.createTitle")}>
        <p className="mb-4 text-sm text-muted-foreground">
          <Link to={`/admin/workout-library/${workoutId}`} className="text-brand-text underline underline-offset-4">
            {workoutTitle}
          </Link>
        </p>
        <form
          noValidate
          onSubmit={(e) => void form.handleSubmit(onSubmit, (errors) => toastInvalidForm(errors))(e)}
          className="grid gap-6"
          aria-label={t("variant.title")}
        >
          {readOnly ? <p className="rounded-lg border border-border bg-muted p-3 text-sm">{t("editor.readOnly")}</p> : null}
          <fieldset disabled={readOnly} className="contents">
            <Section id="variant-details" title={t("editor.section.variantDetails")}>
              <div className="grid gap-4 sm:grid-cols-2">
                <Field label={t("editor.variantName")} required error={error("name")}>
                  <Input {...form.register("name")} />
                </Field>
                <Field label={t("editor.locale")}>
                  <EnumSelect enumName="Language" values={Language} {...form.register("locale")} />
                </Field>
                <DateField<VariantForm> name="availableFrom" label={t("editor.availableFrom")} />
                <DateField<VariantForm> name="availableTo" label={t("editor.availableTo")} />
                <Field label={t("editor.partnerVisibility")}>
                  <EnumSelect enumName="PartnerVisibility" values={PartnerVisibility} {...form.register("partnerVisibility")} />
                </Field>
                <Controller
                  control={form.control}
                  name="customPricing"
                  render={({ field }) => (
                    <Checkbox
                      label={t("editor.customPricingFlag")}
                      hint={t("editor.customPricingHint")}
                      checked={field.value}
                      onCheckedChange={(on) => field.onChange(on === true)}
                      className="self-end"
                    />
                  )}
                />
              </div>
            </Section>
            <Section id="custom-pricing" title={t("editor.section.customPricing")}>
              <PricingLinesEditor currency={currency} />
            </Section>
            <Section id="delivery-partners" title={t("editor.section.deliveryPartners")}>
              <DeliveryPartnersEditor />
            </Section>
          </fieldset>
          {readOnly ? null : (
            <div className="flex justify-end gap-2">
              <Button variant="outline" asChild>
                <Link to={`/admin/workout-library/${workoutId}`}>{t("common.cancel")}</Link>
              </Button>
              <Button type="submit" loading={save.isPending}>
                {t("common.saveChanges")}
              </Button>
            </div>
          )}
        </form>
      </Page>
    </FormProvider>
  );
}
