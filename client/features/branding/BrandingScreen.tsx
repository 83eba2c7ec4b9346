import { zodResolver } from "@hookform/resolvers/zod";
import { useMemo, useState } from "react";
import { useForm, useWatch, type Control, type UseFormRegister, type UseFormSetValue } from "react-hook-form";
import { ImageTypes, MAX_UPLOAD_BYTES } from "../../../contract/accounts";
import { normaliseHexColour } from "../../../contract/colour";
import { MESSAGES } from "../../../contract/messages";
import {
  FONT_STACKS,
  PLATFORM_NAME_CHARACTERS,
  PLATFORM_NAME_MAX,
  Styling,
  StylingData,
  SUGGESTED_IMAGE_SIZES,
  type FontFamilyKey,
  type StylingDataInput,
  type StylingFileField,
} from "../../../contract/styling";
import { LeaveGuard } from "../../app/shell/LeaveGuard";
import { applyStyling } from "../../app/styling";
import { useAppUser } from "../../auth/useAppUser";
import { Page } from "../../components/layout/Page";
import { Button } from "../../components/ui/Button";
import { Field, Input, Select, Switch } from "../../components/ui/Field";
import { Skeleton } from "../../components/ui/Skeleton";
import { toast, toastMessage } from "../../components/ui/toast-store";
import { ApiError } from "../../lib/api";
import { translateApiMessage, useT, type TranslationKey } from "../../lib/i18n";
import { useAdminStyling, useSaveStyling } from "./api";
import { BrandingPreview } from "./BrandingPreview";
import { toastInvalidForm } from "../../lib/forms";

type ColourKey = "brandColour" | "gradientColourOne" | "gradientColourTwo" | "lightGradientTextColour" | "lightHeroTextColour";
const COLOURS: ColourKey[] = ["brandColour", "gradientColourOne", "gradientColourTwo", "lightGradientTextColour", "lightHeroTextColour"];
const IMAGES: StylingFileField[] = ["logo", "homepageHeroBackground", "loginBackground"];
const REMOVE = { logo: "removeLogo", homepageHeroBackground: "removeHomepageHeroBackground", loginBackground: "removeLoginBackground" } as const;

type Images = Record<StylingFileField, { file: File | null; preview: string | null; removed: boolean; error: string | null }>;

function toForm(s: Styling): StylingDataInput {
  return {
    brandColour: s.brandColour,
    gradientColourOne: s.gradientColourOne,
    gradientColourTwo: s.gradientColourTwo,
    lightGradientTextColour: s.lightGradientTextColour,
    lightHeroTextColour: s.lightHeroTextColour,
    fontFamily: s.fontFamily,
    platformName: s.platformName,
    showLogoOnLogin: s.showLogoOnLogin,
    supportEmail: s.supportEmail ?? "",
  };
}

const noImages = (): Images => ({
  logo: { file: null, preview: null, removed: false, error: null },
  homepageHeroBackground: { file: null, preview: null, removed: false, error: null },
  loginBackground: { file: null, preview: null, removed: false, error: null },
});

/** An allowed image type under 50 MB (the server checks again). */
function fileProblem(file: File): string | null {
  if (!(ImageTypes as readonly string[]).includes(file.type)) return MESSAGES.fileType;
  if (file.size > MAX_UPLOAD_BYTES) return MESSAGES.fileTooLarge;
  return null;
}

/** Messages of this screen that are not in contract/messages.ts. */
function message(t: (k: TranslationKey) => string, text: string | undefined): string | null {
  if (!text) return null;
  if (text === PLATFORM_NAME_CHARACTERS) return t("branding.platformNameCharacters");
  return translateApiMessage(text);
}

/**
 * /admin/branding (Branding; Styling): the partner's colours,
 * font, platform name, images and show-logo-on-login, with a live preview of
 * the sign-in page and the home hero. Saving applies the styling to this page
 * at once (CSS variables and title) and to the partner's domains.
 */
export default function BrandingScreen() {
  const t = useT();
  const { account } = useAppUser();
  const query = useAdminStyling(account?.id);

  return (
    <Page title={t("branding.title")}>
      <p className="-mt-3 mb-6 max-w-2xl text-sm text-muted-foreground">{t("branding.subtitle")}</p>
      {query.isPending ? (
        <div className="grid gap-4" aria-busy="true">
          <Skeleton className="h-10 w-1/2" />
          <Skeleton className="h-10 w-1/3" />
          <Skeleton className="h-40 w-full" />
        </div>
      ) : query.isError || !query.data ? (
        <p role="alert" className="text-danger">
          {t("branding.loadFailed")}
        </p>
      ) : (
        <BrandingForm initial={query.data} accountId={account?.id} />
      )}
    </Page>
  );
}

function BrandingForm({ initial, accountId }: { initial: Styling; accountId: string | undefined }) {
  const t = useT();
  const save = useSaveStyling(accountId);
  const [saved, setSaved] = useState<Styling>(initial);
  const [images, setImages] = useState<Images>(noImages);
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
  };

  const draft = useMemo<Styling>(() => {
    const colour = (key: ColourKey) => normaliseHexColour(String(values[key] ?? "")) ?? saved[key];
    const image = (f: StylingFileField) => (images[f].preview ? { uri: images[f].preview } : images[f].removed ? null : saved[f]);
    const name = String(values.platformName ?? "").trim();
    return {
      ...saved,
      brandColour: colour("brandColour"),
      gradientColourOne: colour("gradientColourOne"),
      gradientColourTwo: colour("gradientColourTwo"),
      lightGradientTextColour: colour("lightGradientTextColour"),
      lightHeroTextColour: colour("lightHeroTextColour"),
      fontFamily: (values.fontFamily) in FONT_STACKS ? (values.fontFamily) : saved.fontFamily,
      platformName: name ? name.slice(0, PLATFORM_NAME_MAX) : saved.platformName,
      showLogoOnLogin: Boolean(values.showLogoOnLogin),
      logo: image("logo"),
      homepageHeroBackground: image("homepageHeroBackground"),
      loginBackground: image("loginBackground"),
    };
  }, [values, images, saved]);

  const pick = (field: StylingFileField, file: File | null) => {
    release(images[field].preview);
    const error = file ? fileProblem(file) : null;
    const preview = file && !error ? URL.createObjectURL(file) : null;
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
            <Input maxLength={PLATFORM_NAME_MAX} autoComplete="off" {...form.register("platformName")} />
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
          <Field label={t("branding.supportEmail")} optional hint={t("branding.supportEmailHint")} error={message(t, errors.supportEmail?.message ?? undefined)}>
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
                register={form.register}
                setValue={form.setValue}
                control={form.control}
              />
            ))}
          </div>
        </section>

        <section aria-labelledby="branding-images" className="grid gap-4 rounded-xl border border-border bg-card p-6">
          <h2 id="branding-images" className="text-lg font-semibold">
            {t("branding.section.images")}
          </h2>
          {IMAGES.map((field) => {
            const size = SUGGESTED_IMAGE_SIZES[field];
            const current = images[field].preview ?? (images[field].removed ? null : saved[field]?.uri ?? null);
            const hint = size ? t("branding.imageHintSized", { width: size.width, height: size.height }) : t("branding.imageHint");
            return (
              <Field key={field} label={t(`branding.image.${field}` as TranslationKey)} optional hint={hint} error={images[field].error ? translateApiMessage(images[field].error) : null}>
                <div className="flex flex-wrap items-center gap-3">
                  {current ? (
                    <img src={current} alt="" className="h-12 w-20 rounded-md border border-border bg-muted object-contain" data-testid={`current-${field}`} />
                  ) : null}
                  <Input
                    type="file"
                    name={field}
                    accept={ImageTypes.join(",")}
                    className="h-auto max-w-xs py-2"
                    onChange={(e) => pick(field, e.target.files?.[0] ?? null)}
                  />
                  {current ? (
                    <Button
                      type="button"
                      variant="outline"
                      size="sm"
                      aria-label={t("branding.removeImage", { image: t(`branding.image.${field}` as TranslationKey) })}
                      onClick={() => {
                        release(images[field].preview);
                        setImages((prev) => ({ ...prev, [field]: { file: null, preview: null, removed: true, error: null } }));
                      }}
                    >
                      {t("common.remove")}
                    </Button>
                  ) : null}
                </div>
              </Field>
            );
          })}
          <Switch
            label={t("branding.showLogoOnLogin")}
            checked={Boolean(values.showLogoOnLogin)}
            onCheckedChange={(checked) => form.setValue("showLogoOnLogin", checked, { shouldDirty: true })}
          />
        </section>

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

/** A colour: the native picker paired with a hex text field (3, 4, 6 or 8 hex digits). */
function ColourField({
  name,
  label,
  error,
  register,
  setValue,
  control,
}: {
  name: ColourKey;
  label: string;
  error: string | null;
  register: UseFormRegister<StylingDataInput>;
  setValue: UseFormSetValue<StylingDataInput>;
  control: Control<StylingDataInput>;
}) {
  const t = useT();
  const value = String(useWatch({ control, name }) ?? "");
  const picker = (normaliseHexColour(value) ?? "#000000").slice(0, 7);
  return (
    <Field label={label} required error={error}>
      <div className="flex items-center gap-2">
        <input
          type="color"
          aria-label={t("branding.colourPicker", { name: label })}
          value={picker}
          onChange={(e) => setValue(name, e.target.value, { shouldDirty: true, shouldValidate: true })}
          className="h-10 w-12 shrink-0 cursor-pointer rounded-md border border-input bg-card p-1"
        />
        <Input className="font-mono" spellCheck={false} autoComplete="off" placeholder="#0f766e" data-testid={`hex-${name}`} {...register(name)} />
      </div>
    </Field>
  );
}
