import { Page } from "../../components/layout/Page";
import { useT } from "../../lib/i18n";
import { JobsView } from "./JobsView";
import { SlotsPanel } from "./SlotsPanel";

/** /jobs: Your Jobs (partners): the jobs to confirm, deliver and complete, and the bookable times. */
export default function JobsScreen() {
  const t = useT();
  return (
    <Page title={t("jobs.title")}>
      <div className="grid gap-10">
        <JobsView side="partner" />
        <SlotsPanel />
      </div>
    </Page>
  );
}
