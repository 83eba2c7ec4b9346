import { Link2 } from "../../components/icons";
import { useState, type FormEvent } from "react";
import { Button } from "../../components/ui/Button";
import { Field, Input } from "../../components/ui/Field";
import { toast, toastMessage } from "../../components/ui/toast-store";
import { ApiError } from "../../lib/api";
import { useT } from "../../lib/i18n";
import { UnknownTanError, useLinkPartner } from "./api";

/**
 * Home's prompt for a customer not yet linked to a provider:
 * enter the partner's TAN; it is checked, then the account is linked; a
 * toast on failure.
 */
export function TanPrompt({ accountId, canLink }: { accountId: string; canLink: boolean }) {
  const t = useT();
  const link = useLinkPartner(accountId);
  const [tan, setTan] = useState("");
  const [error, setError] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const value = tan.trim();
    if (!/^\d{6}$/.test(value)) return setError(value ? t("message.tanInvalid") : t("form.requiredField"));
    setError(null);
    try {
      await link.mutateAsync(value);
      toast({ title: t("home.linked"), variant: "success" });
    } catch (err) {
      if (err instanceof UnknownTanError || (err instanceof ApiError && err.status === 400)) setError(t("message.tanInvalid"));
      toastMessage("toast.linkPartnerFailed", { variant: "error" });
    }
  };

  return (
    <section aria-labelledby="tan-prompt" className="rounded-xl border border-border bg-card p-6" data-testid="tan-prompt">
      <div className="flex items-start gap-3">
        <Link2 aria-hidden="true" className="mt-1 size-5 shrink-0 text-brand-text" />
        <div className="grid flex-1 gap-1">
          <h2 id="tan-prompt" className="text-lg font-semibold">
            {t("home.tanTitle")}
          </h2>
          <p className="text-sm text-muted-foreground">{canLink ? t("home.tanBody") : t("home.tanAskAdmin")}</p>
        </div>
      </div>
      {canLink ? (
        <form onSubmit={(e) => void submit(e)} noValidate className="mt-4 flex flex-wrap items-start gap-3">
          <Field label={t("home.tanLabel")} required error={error} className="w-full max-w-xs">
            <Input inputMode="numeric" autoComplete="off" maxLength={6} value={tan} onChange={(e) => setTan(e.target.value.replace(/\D/g, ""))} />
          </Field>
          <Button type="submit" className="sm:mt-7" loading={link.isPending}>
            {link.isPending ? t("message.tanPending") : t("home.link")}
          </Button>
        </form>
      ) : null}
    </section>
  );
}
