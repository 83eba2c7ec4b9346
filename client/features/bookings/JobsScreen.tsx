import { Page } from "../../components/layout/Page";
import { useT } from "../../lib/i18n";
import { useSearchParams } from "react-router";
import { FocusedJob } from "./FocusedJob";
import { JobsView } from "./JobsView";
import { SlotsPanel } from "./SlotsPanel";

/** /jobs: Your Jobs (partners): the jobs to confirm, deliver and complete, and the bookable times. */
export default function JobsScreen() {
  const t = useT();
  // A mail's link opens the list on one job (?job=<id>).
  const focus = useSearchParams()[0].get("job");
  return (
    <Page title={t("jobs.title")}>
      <div className="grid gap-10">
        {focus ? <FocusedJob side="partner" jobId={focus} /> : <JobsView side="partner" />}
        <SlotsPanel />
      </div>
    </Page>
  );
}
