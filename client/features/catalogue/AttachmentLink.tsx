import { Download, Link2, Paperclip } from "../../components/icons";
import { useState } from "react";
import { toastMessage } from "../../components/ui/toast-store";
import { downloadFile } from "../../lib/api";
import { useT } from "../../lib/i18n";
import { enumLabel, type EnumValue } from "../../lib/enums";
import type { z } from "zod";
import type { JobLineDto } from "../../../contract/bookings";

/** A session attachment as a booking's line carries it (a workout's session carries the same, with more). */
type AttachmentView = z.output<typeof JobLineDto>["attachments"][number];

/**
 * One session attachment: a web link opens in a new tab; an uploaded file is
 * downloaded through the access-checked API route with the caller's token
 * (a plain link could not carry it); anything else is shown as text.
 */
export function AttachmentLink({ attachment: a }: { attachment: AttachmentView }) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const label = a.description ?? enumLabel(t, "SessionArtifactType", a.type as EnumValue<"SessionArtifactType">);
  const linkClass = "text-brand-text underline underline-offset-4";
  if (a.fileUri) {
    const uri = a.fileUri;
    return (
      <span className="inline-flex items-center gap-1.5">
        <Paperclip aria-hidden="true" className="size-4" />
        <button
          type="button"
          className={`${linkClass} inline-flex items-center gap-1 disabled:opacity-60`}
          disabled={busy}
          aria-busy={busy}
          onClick={() =>
            void (async () => {
              setBusy(true);
              try {
                await downloadFile(uri, label);
              } catch {
                toastMessage("toast.generic");
              } finally {
                setBusy(false);
              }
            })()
          }
        >
          {label}
          <Download aria-hidden="true" className="size-3.5" />
          <span className="sr-only"> {t("common.download")}</span>
        </button>
      </span>
    );
  }
  if (a.value && /^https?:\/\//.test(a.value)) {
    return (
      <span className="inline-flex items-center gap-1.5">
        <Link2 aria-hidden="true" className="size-4" />
        <a href={a.value} target="_blank" rel="noreferrer noopener" className={linkClass}>
          {a.description ?? a.value}
          <span className="sr-only"> {t("common.opensInNewTab")}</span>
        </a>
      </span>
    );
  }
  return (
    <span className="inline-flex items-center gap-1.5">
      <Paperclip aria-hidden="true" className="size-4" />
      {label}
    </span>
  );
}
