import { ImageTypes } from "../../../contract/accounts";
import { MARK_TYPES, SUGGESTED_IMAGE_SIZES, type Styling, type StylingFileField } from "../../../contract/styling";
import { Field, Switch } from "../../components/ui/Field";
import { FileUpload } from "../../components/ui/FileUpload";
import { useT, type TranslationKey } from "../../lib/i18n";
import { translateApiMessage } from "../../lib/api-messages";
import { IMAGES, type Images } from "./branding-form";

/** Branding's images (logo, square mark, hero and sign-in backgrounds): each with the one upload control (preview, choose, Remove); and show-logo-on-login. */
export function BrandingImages({
  images,
  saved,
  onPick,
  onRemove,
  showLogoOnLogin,
  onShowLogoOnLogin,
  resetKey,
}: {
  images: Images;
  saved: Styling;
  onPick: (field: StylingFileField, file: File | null) => void;
  onRemove: (field: StylingFileField) => void;
  showLogoOnLogin: boolean;
  onShowLogoOnLogin: (checked: boolean) => void;
  /** Changes when the picked files are forgotten (saved or reset). */
  resetKey: number;
}) {
  const t = useT();
  return (
    <section aria-labelledby="branding-images" className="grid gap-4 rounded-xl border border-border bg-card p-6">
      <h2 id="branding-images" className="text-lg font-semibold">
        {t("branding.section.images")}
      </h2>
      {IMAGES.map((field) => {
        const size = SUGGESTED_IMAGE_SIZES[field];
        const stored = images[field].removed ? null : (saved[field]?.uri ?? null);
        const hint =
          field === "mark"
            ? t("branding.markHint", { width: size?.width ?? 512, height: size?.height ?? 512 })
            : size
              ? t("branding.imageHintSized", { width: size.width, height: size.height })
              : t("branding.imageHint");
        const label = t(`branding.image.${field}` as TranslationKey);
        return (
          <Field key={field} label={label} optional hint={hint} error={images[field].error ? translateApiMessage(images[field].error) : null}>
            <FileUpload
              name={field}
              accept={(field === "mark" ? MARK_TYPES : ImageTypes).join(",")}
              currentUrl={stored}
              resetKey={resetKey}
              onFile={(file) => onPick(field, file)}
              onRemove={() => onRemove(field)}
              removeLabel={t("branding.removeImage", { image: label })}
            />
          </Field>
        );
      })}
      <Switch label={t("branding.showLogoOnLogin")} checked={showLogoOnLogin} onCheckedChange={onShowLogoOnLogin} />
    </section>
  );
}
