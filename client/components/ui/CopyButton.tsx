import { Check, Copy } from "../icons";
import { useEffect, useState } from "react";
import { useT } from "../../lib/i18n";
import { Button } from "./Button";
import { toastMessage } from "./toast-store";

/**
 * An icon button that copies `value` to the clipboard. `label` is its
 * accessible name (say what is copied); after a copy the icon turns into a
 * tick for a moment and a polite live region says "Copied". A refused
 * clipboard shows the product's clipboard toast.
 */
export function CopyButton({ value, label, className }: { value: string; label: string; className?: string }) {
  const t = useT();
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
    } catch {
      toastMessage("toast.clipboardFailed");
    }
  };

  return (
    <>
      <Button type="button" variant="ghost" size="icon-sm" aria-label={label} onClick={() => void copy()} className={className}>
        {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
      </Button>
      <span className="sr-only" role="status">
        {copied ? t("common.copied") : ""}
      </span>
    </>
  );
}
