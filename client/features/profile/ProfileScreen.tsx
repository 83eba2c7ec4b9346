import { LayoutTemplate, Palette } from "../../components/icons";
import { Link } from "react-router";
import { useAppUser } from "../../auth/useAppUser";
import { OwnAuditSection } from "../../components/AuditTrail";
import { Page } from "../../components/layout/Page";
import { buttonClasses } from "../../components/ui/Button";
import { Skeleton } from "../../components/ui/Skeleton";
import { useT } from "../../lib/i18n";
import { useAccount } from "../accounts/api";
import { AccountDetailsSection } from "./AccountDetailsSection";
import { useMe } from "./api";
import { PlansSections } from "./PlansSection";
import { TeamMembersSection } from "./TeamMembersSection";
import { TeamsSection } from "./TeamsSection";
import { UserDetailsSection } from "./UserDetailsSection";

/**
 * /admin/profile (Profile): quick links (partners), Account Details,
 * the user's own details, Plan Details, Team Members, Teams, Plan Entries and
 * Credit Entries; a customer's owners and admins also its audit trail. Owners
 * and admins edit; members read.
 */
export default function ProfileScreen() {
  const t = useT();
  const { account, role, user } = useAppUser();
  const query = useAccount(account?.id);
  const me = useMe();
  const a = query.data;
  const canManage = role === "owner" || role === "admin";

  return (
    <Page title={t("profile.title")}>
      <div className="grid gap-6">
        {account?.type === "partner" ? (
          <nav aria-label={t("profile.quickLinks")} className="flex flex-wrap gap-3">
            <Link to="/admin/homepage" className={buttonClasses("outline")}>
              <LayoutTemplate aria-hidden="true" />
              {t("nav.homepageBuilder")}
            </Link>
            <Link to="/admin/branding" className={buttonClasses("outline")}>
              <Palette aria-hidden="true" />
              {t("nav.branding")}
            </Link>
          </nav>
        ) : null}
        {!account ? (
          <p className="text-muted-foreground">{t("profile.noAccount")}</p>
        ) : query.isPending ? (
          <div className="grid gap-3 rounded-xl border border-border bg-card p-6" aria-busy="true">
            <Skeleton className="h-5 w-1/3" />
            <Skeleton className="h-5 w-1/2" />
            <Skeleton className="h-5 w-1/4" />
          </div>
        ) : query.isError || !a ? (
          <p role="alert" className="text-danger">
            {t("profile.loadFailed")}
          </p>
        ) : (
          <AccountDetailsSection key={`${a.id}-${a.name}`} account={a} canEdit={canManage} />
        )}
        {me.data ? <UserDetailsSection key={me.data.id} me={me.data} /> : null}
        {account ? (
          <>
            <PlansSections accountId={account.id} part="details" />
            <TeamMembersSection accountId={account.id} canManage={canManage} selfUserId={user?.id ?? null} />
            <TeamsSection accountId={account.id} canManage={canManage} />
            <PlansSections accountId={account.id} part="entries" />
            {account.type === "customer" && canManage ? <OwnAuditSection hint="customer" /> : null}
          </>
        ) : null}
      </div>
    </Page>
  );
}
