import { Download } from "../icons";
import { useState } from "react";
import { downloadFile } from "../../lib/api";
import { useT } from "../../lib/i18n";
import { Button } from "./Button";
import { toast } from "./toast-store";

/**
 * Downloads a CSV export (an API path under /v1/admin/exports, with its query)
 * with the caller's token and account; the file is named by the server.
 */
export function ExportButton({ path, label, fallbackName }: { path: string; label: string; fallbackName: string }) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="outline"
      loading={busy}
      onClick={() =>
        void (async () => {
          setBusy(true);
          try {
            await downloadFile(`/v1${path}`, fallbackName);
          } catch {
            toast({ title: t("export.failed"), variant: "error" });
          } finally {
            setBusy(false);
          }
        })()
      }
    >
      <Download aria-hidden="true" />
      {label}
    </Button>
  );
}
