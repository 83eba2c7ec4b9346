import { Page } from "../../components/layout/Page";
import { useT } from "../../lib/i18n";
import { Navigate, useLocation, useSearchParams } from "react-router";
import { useAppUser } from "../../auth/useAppUser";
import { FocusedJob } from "./FocusedJob";
import { JobsView } from "./JobsView";

/** /bookings: Your Bookings (customers). */
export default function BookingsScreen() {
  const t = useT();
  // A mail's link opens the list on one job (?job=<id>).
  const focus = useSearchParams()[0].get("job");
  const { account } = useAppUser();
  const { search } = useLocation();
  // A partner's bookings are its jobs: an old link to /bookings opens Your Jobs.
  if (account?.type === "partner") return <Navigate to={`/jobs${search}`} replace />;
  return <Page title={t("bookings.title")}>{focus ? <FocusedJob side="customer" jobId={focus} /> : <JobsView side="customer" />}</Page>;
}
