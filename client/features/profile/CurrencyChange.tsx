import type { CurrencyChangeDto } from "../../../contract/currency";
import type { AccountDto } from "../../../contract/accounts";
import { ConfirmDialog } from "../../components/ui/Dialog";
import { useT } from "../../lib/i18n";
import { useCurrencyChange } from "./api";

type Translate = ReturnType<typeof useT>;

/** Why customers keep their currency: "1 with open bookings priced in it, 2 with prices of their own in it". */
function keepReasons(t: Translate, keep: CurrencyChangeDto["keep"]): string {
  const reasons = [
    keep.bookings ? t("profile.currencyChange.keepBookings", { count: keep.bookings }) : null,
    keep.prices ? t("profile.currencyChange.keepPrices", { count: keep.prices }) : null,
  ];
  return reasons.filter(Boolean).join(", ");
}

/** The refusal's words while price groups have prices only in the partner's current currency. */
export function currencyRefusalText(t: Translate, change: CurrencyChangeDto): string {
  return t("profile.currencyChange.refused", { from: change.from, to: change.to, groups: change.priceGroups.map((g) => g.name).join(", ") });
}

/**
 * The confirmation before a partner's currency changes: how many of its
 * customers move with it, how many keep theirs for now and why, and that its
 * plans keep their prices (docs/decisions/2026-11-27-currency-follows-the-partner.md).
 */
export function ConfirmCurrencyChange({
  change,
  onCancel,
  onConfirm,
  loading,
}: {
  change: CurrencyChangeDto;
  onCancel: () => void;
  onConfirm: () => void | Promise<void>;
  loading: boolean;
}) {
  const t = useT();
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && onCancel()}
      title={t("profile.currencyChange.title", { to: change.to })}
      description={
        <span data-testid="currency-change-effect" className="flex flex-col gap-2">
          <span>{t("profile.currencyChange.follow", { from: change.from, to: change.to, count: change.follow })}</span>
          {change.keep.total ? (
            <span>{t("profile.currencyChange.keep", { to: change.to, count: change.keep.total, reasons: keepReasons(t, change.keep) })}</span>
          ) : null}
          <span>{t("profile.currencyChange.plans")}</span>
        </span>
      }
      confirmLabel={t("profile.currencyChange.confirm")}
      loading={loading}
      onConfirm={onConfirm}
    />
  );
}

/** On a partner's Account Details: its customers still paying in another currency, and until when. */
export function CustomersKeepingCurrency({ account }: { account: AccountDto }) {
  const t = useT();
  const { data } = useCurrencyChange(account.id, account.currency, true);
  if (!data?.keep.total) return null;
  return (
    <p role="status" data-testid="currency-kept" className="mt-4 rounded-lg bg-status-info p-4 text-sm text-status-info-foreground">
      {t("profile.currencyKept", { count: data.keep.total, to: account.currency, reasons: keepReasons(t, data.keep) })}
    </p>
  );
}
