import type { ReactNode } from "react";
import type { CatalogueItem } from "../../../contract/catalogue";
import type { ScoreSummaryDto } from "../../../contract/scores";
import { GoalButtons } from "../catalogue/GoalButtons";
import type { Loaded } from "./loaded";
import { ScoreSummaryView } from "./ScoreSummary";
import { TakeAssessment } from "./TakeAssessment";
import { TopPicks } from "./TopPicks";

export type HomeReads = { summary: Loaded<ScoreSummaryDto>; balance: Loaded<number>; topPicks: Loaded<CatalogueItem[]> };

/**
 * Home's layout, below the greeting: the TAN prompt for a customer not linked
 * to a provider, the "complete your details" card, the assessment card, the score summary, the top picks and the
 * goal buttons, then the partner's homepage. The customer's Home and the
 * Homepage Builder's preview both render it (with their own reads), inside
 * the `home` container whose width Home's breakpoints follow.
 */
export function HomeBody({
  customer,
  unlinked,
  detailsPrompt,
  tanPrompt,
  reads,
  homepage,
}: {
  /** The reader is a customer (a partner's own Home has none of the customer's rows). */
  customer: boolean;
  unlinked: boolean;
  /** The "complete your details" card (the signed-in Home only; none in the builder's preview). */
  detailsPrompt?: ReactNode;
  tanPrompt?: ReactNode;
  reads: HomeReads;
  homepage: ReactNode;
}) {
  return (
    <div className="@container/home grid grid-cols-1 gap-6" data-testid="home-body">
      {unlinked ? tanPrompt : null}
      {detailsPrompt}
      {customer ? <TakeAssessment summary={reads.summary.data} /> : null}
      {customer ? <ScoreSummaryView summary={reads.summary} balance={reads.balance} /> : null}
      {customer && !unlinked ? (
        <>
          <TopPicks picks={reads.topPicks} />
          <GoalButtons />
        </>
      ) : null}
      {!unlinked ? homepage : null}
    </div>
  );
}
