import { zodResolver } from "@hookform/resolvers/zod";
import { useMemo, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { AA_CONTRAST, contrastWarnings } from "../../../contract/branding";
import {
  FONT_STACKS,
  PLATFORM_NAME_MAX,
  SCORE_NAME_MAX,
  scoreStringOf,
  Styling,
  StylingData,
  type FontFamilyKey,
  type StylingDataInput,
  type StylingFileField,
} from "../../../contract/styling";
import { LeaveGuard } from "../../app/shell/LeaveGuard";
import { applyStyling } from "../../app/apply-styling";
import { Button } from "../../components/ui/Button";
import { Field, Input, Select } from "../../components/ui/Field";
import { toast, toastMessage } from "../../components/ui/toast-store";
import { ApiError } from "../../lib/api";
import { toastInvalidForm } from "../../lib/forms";
import { useT, type TranslationKey } from "../../lib/i18n";
import { useSaveStyling } from "./api";
import { BrandingImages } from "./BrandingImages";
import { BrandingPreview } from "./BrandingPreview";
import { COLOURS, IMAGES, REMOVE, draftStyling, fileProblem, markShapeProblem, message, noImages, toForm, type ColourKey, type Images } from "./branding-form";
import { ColourField } from "./ColourField";

/**
 * The branding form: identity, colours and images beside a live preview of
 * the sign-in page and the home hero. Saving applies the styling to this page
 * at once (CSS variables and title).
 */
export function BrandingForm({ initial, accountId }: { initial: Styling; accountId: string | undefined }) {
  const t = useT();
  const save = useSaveStyling(accountId);
  const [saved, setSaved] = useState<Styling>(initial);
  const [images, setImages] = useState<Images>(noImages);
  // Counts the times the picked files were forgotten, so the upload controls forget theirs too.
  const [imagesCleared, setImagesCleared] = useState(0);
  const form = useForm<StylingDataInput, unknown, StylingData>({ resolver: zodResolver(StylingData), defaultValues: toForm(initial), mode: "onChange" });
  const { errors, isDirty } = form.formState;
  const values = useWatch({ control: form.control }) as StylingDataInput;
  const imagesDirty = IMAGES.some((f) => images[f].file || images[f].removed);

  // Object URLs of picked files are released when replaced, removed, reset or saved.
  const release = (url: string | null) => {
    if (url) URL.revokeObjectURL(url);
  };
  const clearImages = () => {
    IMAGES.forEach((f) => release(images[f].preview));
    setImages(noImages());
    setImagesCleared((n) => n + 1);
  };

  const draft = useMemo(() => draftStyling(saved, values, images), [values, images, saved]);

  const pick = async (field: StylingFileField, file: File | null) => {
    release(images[field].preview);
    let error = file ? fileProblem(file, field) : null;
    let preview = file && !error ? URL.createObjectURL(file) : null;
    if (preview && field === "mark") {
      error = await markShapeProblem(preview);
      if (error) {
        release(preview);
        preview = null;
      }
    }
    setImages((prev) => ({ ...prev, [field]: { file: error ? null : file, preview, removed: false, error } }));
  };

  const submit = form.handleSubmit(
    async () => {
      if (IMAGES.some((f) => images[f].error)) return toastInvalidForm(IMAGES.map((f) => images[f].error));
      const payload: StylingDataInput = { ...form.getValues() };
      for (const f of IMAGES) if (images[f].removed) payload[REMOVE[f]] = true;
      try {
        const result = await save.mutateAsync({
          data: payload,
          files: Object.fromEntries(IMAGES.map((f) => [f, images[f].file])),
        });
        // A style key the client does not know is logged (and not applied).
        const unknown = Object.keys(result).filter((k) => !(k in Styling.shape));
        if (unknown.length) console.error(`Unknown style keys: ${unknown.join(", ")}`);
        applyStyling(result);
        setSaved(result);
        clearImages();
        form.reset(toForm(result));
        toast({ title: t("branding.saved"), variant: "success" });
      } catch (e) {
        if (e instanceof ApiError && e.status < 500 && Object.keys(e.fields).length > 0) {
          for (const [field, text] of Object.entries(e.fields)) {
            if ((IMAGES as string[]).includes(field)) {
              setImages((prev) => ({ ...prev, [field]: { ...prev[field as StylingFileField], error: text } }));
            } else {
              form.setError(field as keyof StylingDataInput, { message: text });
            }
          }
          return toastInvalidForm(e.fields);
        }
        toastMessage("toast.stylingSaveFailed");
      }
    },
    (errors) => toastInvalidForm(errors),
  );

  const nameLength = String(values.platformName ?? "").length;
  // Text that would be hard to read on the partner's own pages, judged on the values being edited.
  const warnings = useMemo(() => contrastWarnings(draft), [draft]);
  const warningOf = (key: ColourKey) => {
    const w = warnings.find((x) => x.colour === key);
    if (!w) return null;
    return t(w.against === "white" ? "branding.contrast.onWhite" : "branding.contrast.onGradient", { ratio: w.ratio.toFixed(1), min: AA_CONTRAST });
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,26rem)]">
      <LeaveGuard when={(isDirty || imagesDirty) && !save.isPending} />
      <div className="grid content-start gap-8">
        <section aria-labelledby="branding-identity" className="grid gap-4 rounded-xl border border-border bg-card p-6">
          <h2 id="branding-identity" className="text-lg font-semibold">
            {t("branding.section.identity")}
          </h2>
          <Field
            label={t("branding.platformName")}
            required
            error={message(t, errors.platformName?.message)}
            hint={<span aria-live="polite">{t("branding.platformNameCounter", { count: nameLength, max: PLATFORM_NAME_MAX })}</span>}
          >
            {/* No maxLength: a longer name is kept as typed and the field says it is too long, rather than cutting it silently. */}
            <Input autoComplete="off" {...form.register("platformName")} />
          </Field>
          <Field
            label={t("branding.scoreName")}
            optional
            error={message(t, errors.scoreName?.message ?? undefined)}
            hint={t("branding.scoreNameHint", { platform: draft.platformName, max: SCORE_NAME_MAX })}
          >
            <Input autoComplete="off" placeholder={draft.platformName} {...form.register("scoreName")} />
          </Field>
          <Field
            label={t("branding.customScoreString")}
            optional
            error={message(t, errors.customScoreString?.message ?? undefined)}
            hint={t("branding.customScoreStringHint", { example: scoreStringOf({ customScoreString: values.customScoreString || null }, 72) })}
          >
            <Input autoComplete="off" placeholder="{score}/100" {...form.register("customScoreString")} />
          </Field>
          <Field label={t("branding.fontFamily")} required error={message(t, errors.fontFamily?.message)}>
            <Select {...form.register("fontFamily")}>
              {(Object.keys(FONT_STACKS) as FontFamilyKey[]).map((key) => (
                <option key={key} value={key}>
                  {t(`branding.font.${key}` as TranslationKey)}
                </option>
              ))}
            </Select>
          </Field>
          <Field
            label={t("branding.supportEmail")}
            optional
            hint={t("branding.supportEmailHint")}
            error={message(t, errors.supportEmail?.message ?? undefined)}
          >
            <Input type="email" autoComplete="email" {...form.register("supportEmail")} />
          </Field>
        </section>

        <section aria-labelledby="branding-colours" className="grid gap-4 rounded-xl border border-border bg-card p-6">
          <h2 id="branding-colours" className="text-lg font-semibold">
            {t("branding.section.colours")}
          </h2>
          <p className="-mt-2 text-sm text-muted-foreground">{t("branding.coloursHint")}</p>
          <div className="grid gap-4 sm:grid-cols-2">
            {COLOURS.map((key) => (
              <ColourField
                key={key}
                name={key}
                label={t(`branding.colour.${key}` as TranslationKey)}
                error={message(t, errors[key]?.message)}
                warning={warningOf(key)}
                register={form.register}
                setValue={form.setValue}
                control={form.control}
              />
            ))}
          </div>
        </section>

        <BrandingImages
          images={images}
          saved={saved}
          onPick={(field, file) => void pick(field, file)}
          onRemove={(field) => {
            release(images[field].preview);
            setImages((prev) => ({ ...prev, [field]: { file: null, preview: null, removed: true, error: null } }));
          }}
          showLogoOnLogin={Boolean(values.showLogoOnLogin)}
          onShowLogoOnLogin={(checked) => form.setValue("showLogoOnLogin", checked, { shouldDirty: true })}
          resetKey={imagesCleared}
        />

        <div className="flex justify-end gap-2">
          <Button
            type="button"
            variant="outline"
            disabled={(!isDirty && !imagesDirty) || save.isPending}
            onClick={() => {
              form.reset(toForm(saved));
              clearImages();
            }}
          >
            {t("branding.reset")}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t("common.saveChanges")}
          </Button>
        </div>
      </div>

      <aside aria-labelledby="branding-preview" className="grid content-start gap-3 lg:sticky lg:top-20">
        <h2 id="branding-preview" className="text-lg font-semibold">
          {t("branding.preview.title")}
        </h2>
        <BrandingPreview styling={draft} />
      </aside>
    </form>
  );
}
