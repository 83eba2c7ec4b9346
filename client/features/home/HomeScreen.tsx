import { Suspense } from "react";
import { useAppUser } from "../../auth/useAppUser";
import { Page } from "../../components/layout/Page";
import { useT } from "../../lib/i18n";
import { lazyPart } from "../../lib/lazy-part";
import { useAccount } from "../accounts/api";
import { GoalButtons } from "../catalogue/GoalButtons";
import { PartnerHomepage } from "../homepage/PartnerHomepage";
import { homeGreeting } from "./greeting";
import { TopPicks } from "./TopPicks";
import { ScoreSummary } from "./ScoreSummary";
import { TakeAssessment } from "./TakeAssessment";

/** The TAN prompt and its form (zod and the contract's schemas) load only for a customer not linked to a provider: Home's first load stays without them. */
const TanPrompt = lazyPart(() => import("./TanPrompt").then((m) => m.TanPrompt));

/**
 * / (Home): the greeting, the TAN prompt for a customer not linked
 * to a provider, the score summary (score, completed and remaining workouts,
 * month streak), the partner's top picks and the catalogue's goal buttons,
 * then the partner's homepage (a partner's own Home: what needs its attention
 * and its homepage as its customers see it).
 */
export default function HomeScreen() {
  const t = useT();
  const { user, account, role } = useAppUser();
  const details = useAccount(account?.id);
  const unlinked = account?.type === "customer" && details.data && !details.data.parentAccountId;

  return (
    <Page title={homeGreeting(t, user?.firstName)}>
      {account ? (
        <div className="grid grid-cols-1 gap-6">
          {unlinked ? (
            <Suspense fallback={null}>
              <TanPrompt accountId={account.id} canLink={role === "owner" || role === "admin"} />
            </Suspense>
          ) : null}
          {account.type === "customer" ? <TakeAssessment accountId={account.id} /> : null}
          {account.type === "customer" ? <ScoreSummary accountId={account.id} /> : null}
          {account.type === "customer" && !unlinked ? (
            <>
              <TopPicks />
              <GoalButtons />
            </>
          ) : null}
          {!unlinked ? (
            <PartnerHomepage
              accountId={account.id}
              isPartner={account.type === "partner"}
              canBuild={account.type === "partner" && (role === "owner" || role === "admin")}
            />
          ) : null}
        </div>
      ) : null}
    </Page>
  );
}
