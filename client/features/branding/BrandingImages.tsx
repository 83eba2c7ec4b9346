import { ImageTypes } from "../../../contract/accounts";
import { SUGGESTED_IMAGE_SIZES, type Styling, type StylingFileField } from "../../../contract/styling";
import { Button } from "../../components/ui/Button";
import { Field, Input, Switch } from "../../components/ui/Field";
import { translateApiMessage, useT, type TranslationKey } from "../../lib/i18n";
import { IMAGES, type Images } from "./branding-form";

/** Branding's images (logo, hero and sign-in backgrounds): what is stored or picked, a file input, Remove; and show-logo-on-login. */
export function BrandingImages({
  images,
  saved,
  onPick,
  onRemove,
  showLogoOnLogin,
  onShowLogoOnLogin,
}: {
  images: Images;
  saved: Styling;
  onPick: (field: StylingFileField, file: File | null) => void;
  onRemove: (field: StylingFileField) => void;
  showLogoOnLogin: boolean;
  onShowLogoOnLogin: (checked: boolean) => void;
}) {
  const t = useT();
  return (
    <section aria-labelledby="branding-images" className="grid gap-4 rounded-xl border border-border bg-card p-6">
      <h2 id="branding-images" className="text-lg font-semibold">
        {t("branding.section.images")}
      </h2>
      {IMAGES.map((field) => {
        const size = SUGGESTED_IMAGE_SIZES[field];
        const current = images[field].preview ?? (images[field].removed ? null : (saved[field]?.uri ?? null));
        const hint = size ? t("branding.imageHintSized", { width: size.width, height: size.height }) : t("branding.imageHint");
        return (
          <Field
            key={field}
            label={t(`branding.image.${field}` as TranslationKey)}
            optional
            hint={hint}
            error={images[field].error ? translateApiMessage(images[field].error) : null}
          >
            <div className="flex flex-wrap items-center gap-3">
              {current ? (
                <img src={current} alt="" className="h-12 w-20 rounded-md border border-border bg-muted object-contain" data-testid={`current-${field}`} />
              ) : null}
              <Input
                type="file"
                name={field}
                accept={ImageTypes.join(",")}
                className="h-auto max-w-xs py-2"
                onChange={(e) => onPick(field, e.target.files?.[0] ?? null)}
              />
              {current ? (
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  aria-label={t("branding.removeImage", { image: t(`branding.image.${field}` as TranslationKey) })}
                  onClick={() => onRemove(field)}
                >
                  {t("common.remove")}
                </Button>
              ) : null}
            </div>
          </Field>
        );
      })}
      <Switch label={t("branding.showLogoOnLogin")} checked={showLogoOnLogin} onCheckedChange={onShowLogoOnLogin} />
    </section>
  );
}
