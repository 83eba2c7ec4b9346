import { Page } from "../../components/layout/Page";

export default function BookingsScreen() {
  return <Page title="Your Bookings" />;
}
