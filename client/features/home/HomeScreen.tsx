import { Suspense } from "react";
import { useAppUser } from "../../auth/useAppUser";
import { Page } from "../../components/layout/Page";
import { useT } from "../../lib/i18n";
import { lazyPart } from "../../lib/lazy-part";
import { useAccount } from "../accounts/api";
import { PartnerHomepage } from "../homepage/PartnerHomepage";
import { useCreditBalance, useScoreSummary } from "./api";
import { homeGreeting } from "./greeting";
import { CompleteDetails } from "./CompleteDetails";
import { HomeBody } from "./HomeBody";
import { useTopPicks } from "./TopPicks";

/** The TAN prompt and its form (zod and the contract's schemas) load only for a customer not linked to a provider: Home's first load stays without them. */
const TanPrompt = lazyPart(() => import("./TanPrompt").then((m) => m.TanPrompt));

/**
 * / (Home): the greeting, then Home's body (HomeBody) with the signed-in
 * reader's own reads: for a customer its score summary, credits and top
 * picks; the partner's homepage (a partner's own Home: what needs its
 * attention and its homepage as its customers see it).
 */
export default function HomeScreen() {
  const t = useT();
  const { user, account, role } = useAppUser();
  const details = useAccount(account?.id);
  const customer = account?.type === "customer";
  const unlinked = customer && Boolean(details.data) && !details.data?.parentAccountId;
  const customerId = customer ? account.id : undefined;
  const reads = {
    summary: useScoreSummary(customerId),
    balance: useCreditBalance(customerId),
    topPicks: useTopPicks(customer && !unlinked),
  };

  return (
    <Page title={homeGreeting(t, user?.firstName)}>
      {account ? (
        <HomeBody
          customer={customer}
          unlinked={unlinked}
          reads={reads}
          detailsPrompt={<CompleteDetails accountId={account.id} type={account.type} canEdit={role === "owner" || role === "admin"} />}
          tanPrompt={
            <Suspense fallback={null}>
              <TanPrompt accountId={account.id} canLink={role === "owner" || role === "admin"} />
            </Suspense>
          }
          homepage={
            <PartnerHomepage
              accountId={account.id}
              isPartner={account.type === "partner"}
              canBuild={account.type === "partner" && (role === "owner" || role === "admin")}
            />
          }
        />
      ) : null}
    </Page>
  );
}
