import { zodResolver } from "@hookform/resolvers/zod";
import { Link2 } from "../../components/icons";
import { Controller, useForm } from "react-hook-form";
import { z } from "zod";
import { AssignParentBody, INVALID_PARTNER_TAN, TAN } from "../../../contract/accounts";
import { MESSAGES } from "../../../contract/messages";
import { Button } from "../../components/ui/Button";
import { Field, Input } from "../../components/ui/Field";
import { toast, toastMessage } from "../../components/ui/toast-store";
import { ApiError } from "../../lib/api";
import { useT } from "../../lib/i18n";
import { UnknownTanError, useLinkPartner } from "./api";
import { MoveNotLandedError } from "./move-landing";
import { LeaveGuard } from "../../app/shell/LeaveGuard";
import { toastInvalidForm } from "../../lib/forms";

/** The contract's body, with an empty TAN "Required" (the contract's own rule says how a TAN is written). */
export const TanForm = AssignParentBody.extend({ tan: z.string().trim().min(1, MESSAGES.required).pipe(TAN) });

/**
 * Home's prompt for a customer not yet linked to a provider:
 * enter the partner's TAN; it is checked, then the account is linked; a
 * toast on failure.
 */
export function TanPrompt({ accountId, canLink }: { accountId: string; canLink: boolean }) {
  const t = useT();
  const link = useLinkPartner(accountId);
  const form = useForm<z.input<typeof TanForm>, unknown, z.output<typeof TanForm>>({ resolver: zodResolver(TanForm), defaultValues: { tan: "" } });
  const problem = form.formState.errors.tan?.message;
  // Every problem but an empty field is shown as the one the partner understands: not a partner's TAN.
  const error = problem ? (problem === MESSAGES.required ? t("form.requiredField") : t("message.tanInvalid")) : null;

  const submit = form.handleSubmit(
    async ({ tan }) => {
      try {
        await link.mutateAsync(tan);
        toast({ title: t("home.linked"), variant: "success" });
      } catch (err) {
        // Accepted but not landed while Home waited: the move goes on, nothing failed.
        if (err instanceof MoveNotLandedError) return void toastMessage("toast.linkPartnerSlow", { variant: "default" });
        if (err instanceof UnknownTanError || (err instanceof ApiError && err.status === 400)) form.setError("tan", { message: INVALID_PARTNER_TAN });
        toastMessage("toast.linkPartnerFailed", { variant: "error" });
      }
    },
    (errors) => toastInvalidForm(errors),
  );

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
          <LeaveGuard when={form.formState.isDirty && !link.isPending && !link.isSuccess} />
          <Field label={t("home.tanLabel")} required error={error} className="w-full max-w-xs">
            <Controller
              control={form.control}
              name="tan"
              render={({ field }) => (
                <Input
                  inputMode="numeric"
                  autoComplete="off"
                  maxLength={6}
                  {...field}
                  // Only digits are kept as they are typed.
                  onChange={(e) => field.onChange(e.target.value.replace(/\D/g, ""))}
                />
              )}
            />
          </Field>
          <Button type="submit" className="home-sm:mt-7" loading={link.isPending}>
            {link.isPending ? t("message.tanPending") : t("home.link")}
          </Button>
        </form>
      ) : null}
      {/* A partner on another shard: the organisation moves there, Home updates once it has (usually within seconds). */}
      <p role="status" className="mt-3 text-sm text-muted-foreground empty:hidden" data-testid="link-under-way">
        {link.underWay ? t("home.linkUnderWay") : null}
      </p>
    </section>
  );
}
