import { Page } from "../../components/layout/Page";
import { useT } from "../../lib/i18n";
import { JobsView } from "./JobsView";

/** /bookings: Your Bookings (customers). */
export default function BookingsScreen() {
  const t = useT();
  return (
    <Page title={t("bookings.title")}>
      <JobsView side="customer" />
    </Page>
  );
}
