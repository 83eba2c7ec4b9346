import { FileIcon, ImageIcon } from "../icons";
import { useEffect, useMemo, useRef, useState } from "react";
import { cn } from "../../lib/cn";
import { useT } from "../../lib/i18n";
import { buttonClasses } from "./Button";
import { useFieldControl } from "./FieldBase";
import { peerFocusRing } from "./focus-ring";

/**
 * The one upload control: a preview (for images), a button in the design
 * system's style that opens the browser's file picker, the chosen file's name
 * and, when there is something to take away, Remove. The native input stays
 * the focusable control (named by the surrounding Field's label, so keyboards
 * and screen readers get the browser's own behaviour) and is only visually
 * hidden; the button mirrors its focus ring.
 *
 *   <Field label="Logo" hint="Up to 50MB" error={error}>
 *     <FileUpload accept="image/png" currentUrl={logo?.uri} onFile={setLogo} />
 *   </Field>
 */
export function FileUpload({
  accept,
  name,
  image = true,
  currentUrl,
  onFile,
  onRemove,
  removeLabel,
  resetKey,
}: {
  accept?: string;
  name?: string;
  /** Shows a preview square (images); false for documents. */
  image?: boolean;
  /** What is stored now, shown until a file is chosen. */
  currentUrl?: string | null;
  onFile: (file: File | null) => void;
  /** Offered when something is shown; clears the choice and what is stored. */
  onRemove?: () => void;
  removeLabel?: string;
  /** Changing it forgets the chosen file (after a save). */
  resetKey?: unknown;
}) {
  const t = useT();
  const { labelId: _labelId, ...a11y } = useFieldControl({});
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  // A new resetKey (after a save) forgets the chosen file.
  const [seenKey, setSeenKey] = useState(resetKey);
  if (seenKey !== resetKey) {
    setSeenKey(resetKey);
    setFile(null);
  }
  useEffect(() => {
    if (input.current) input.current.value = "";
  }, [resetKey]);

  const preview = useMemo(() => (file && image && typeof URL.createObjectURL === "function" ? URL.createObjectURL(file) : null), [file, image]);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);

  const shown = preview ?? currentUrl ?? null;
  const Icon = image ? ImageIcon : FileIcon;
  return (
    <div className="flex min-w-0 flex-wrap items-center gap-3">
      {image ? (
        <div className="grid size-14 shrink-0 place-items-center overflow-hidden rounded-md border border-border bg-muted">
          {shown ? (
            <img src={shown} alt="" className="size-full object-contain" data-testid="upload-preview" />
          ) : (
            <Icon aria-hidden="true" className="size-5 text-muted-foreground" />
          )}
        </div>
      ) : null}
      <div className="relative">
        <input
          ref={input}
          type="file"
          name={name}
          accept={accept}
          className="peer sr-only"
          {...a11y}
          onChange={(e) => {
            const next = e.target.files?.[0] ?? null;
            setFile(next);
            onFile(next);
          }}
        />
        <span aria-hidden="true" onClick={() => input.current?.click()} className={cn(buttonClasses("outline", "sm"), peerFocusRing)}>
          {!image ? <FileIcon aria-hidden="true" /> : null}
          {shown || file ? t("upload.replace") : image ? t("upload.choose") : t("upload.chooseFile")}
        </span>
      </div>
      {/* The chosen file's name, or that there is none; nothing beside a stored image (the preview says it). */}
      {file || !shown ? (
        <span className="min-w-0 truncate text-sm text-muted-foreground" data-testid="upload-name">
          {file ? file.name : t("upload.none")}
        </span>
      ) : null}
      {onRemove && (shown || file) ? (
        <button
          type="button"
          className={buttonClasses("ghost", "sm")}
          aria-label={removeLabel}
          onClick={() => {
            setFile(null);
            if (input.current) input.current.value = "";
            onFile(null);
            onRemove();
          }}
        >
          {t("common.remove")}
        </button>
      ) : null}
    </div>
  );
}
