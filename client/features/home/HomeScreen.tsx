import { useAppUser } from "../../auth/useAppUser";
import { Page } from "../../components/layout/Page";
import { useT } from "../../lib/i18n";
import { useAccount } from "../accounts/api";
import { GoalButtons } from "../catalogue/GoalButtons";
import { TanPrompt } from "./TanPrompt";
import { TopPicks } from "./TopPicks";
import { WorkoutsRemaining } from "./WorkoutsRemaining";

/**
 * / (SPEC §2 Home). Kept minimal here: the greeting, the TAN prompt for a
 * customer not linked to a provider, and the score summary's workouts
 * remaining, the partner's top picks and the catalogue's goal buttons; the
 * rest of the summary comes from its own components.
 */
export default function HomeScreen() {
  const t = useT();
  const { user, account, role } = useAppUser();
  const details = useAccount(account?.id);
  const name = user?.firstName?.trim();
  const unlinked = account?.type === "customer" && details.data && !details.data.parentAccountId;

  return (
    <Page title={name ? t("home.greeting", { name }) : t("home.greetingAnonymous")}>
      {account ? (
        <div className="grid gap-6">
          {unlinked ? <TanPrompt accountId={account.id} canLink={role === "owner" || role === "admin"} /> : null}
          {account.type === "customer" ? (
            <div className="grid gap-4 sm:grid-cols-3">
              <WorkoutsRemaining accountId={account.id} />
            </div>
          ) : null}
          {account.type === "customer" && !unlinked ? (
            <>
              <TopPicks />
              <GoalButtons />
            </>
          ) : null}
        </div>
      ) : null}
    </Page>
  );
}
