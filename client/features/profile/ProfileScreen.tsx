import type { ReactNode } from "react";
import { useAppUser } from "../../auth/useAppUser";
import { Page } from "../../components/layout/Page";
import { Skeleton } from "../../components/ui/Skeleton";
import { useT } from "../../lib/i18n";
import { useAccount } from "../accounts/api";

/**
 * /admin/profile: the active account's details (the TAN for partners). The
 * editing sections of SPEC §2 Profile (account form, team members, teams,
 * plans and credits) belong to the accounts issue.
 */
export default function ProfileScreen() {
  const t = useT();
  const { account } = useAppUser();
  const query = useAccount(account?.id);
  const a = query.data;

  return (
    <Page title={t("profile.title")}>
      <section aria-labelledby="account-details" className="rounded-xl border border-border bg-card p-6">
        <h2 id="account-details" className="text-lg font-semibold">
          {t("profile.accountDetails")}
        </h2>
        {!account ? (
          <p className="mt-4 text-muted-foreground">{t("profile.noAccount")}</p>
        ) : query.isPending ? (
          <div className="mt-4 grid gap-3" aria-busy="true">
            <Skeleton className="h-5 w-1/3" />
            <Skeleton className="h-5 w-1/2" />
            <Skeleton className="h-5 w-1/4" />
          </div>
        ) : query.isError || !a ? (
          <p role="alert" className="mt-4 text-danger">
            {t("profile.loadFailed")}
          </p>
        ) : (
          <dl className="mt-4 grid gap-x-8 gap-y-4 sm:grid-cols-2">
            <Item label={t("profile.name")}>{a.name}</Item>
            <Item label={t("profile.type")}>{t(`enum.AccountType.${a.type}`)}</Item>
            {a.tan ? (
              <Item label={t("profile.tan")} hint={t("profile.tanHint")}>
                <span data-testid="account-tan" className="font-mono text-base tracking-widest">
                  {a.tan}
                </span>
              </Item>
            ) : null}
            <Item label={t("profile.website")}>{a.website ?? "—"}</Item>
            <Item label={t("profile.industry")}>{a.industry ? t(`enum.Industry.${a.industry}`) : "—"}</Item>
            <Item label={t("profile.size")}>{a.size ?? "—"}</Item>
            <Item label={t("profile.primaryEmail")}>{a.primaryEmail ?? "—"}</Item>
            <Item label={t("profile.currency")}>{a.currency}</Item>
            <Item label={t("profile.location")}>{a.location ? t(`enum.AccountLocation.${a.location}`) : "—"}</Item>
            <Item label={t("profile.language")}>{t(`enum.Language.${a.language}`)}</Item>
          </dl>
        )}
      </section>
    </Page>
  );
}

function Item({ label, hint, children }: { label: string; hint?: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="mt-1 font-medium">{children}</dd>
      {hint ? <dd className="mt-1 text-xs text-muted-foreground">{hint}</dd> : null}
    </div>
  );
}
