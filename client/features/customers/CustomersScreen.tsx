import { Page } from "../../components/layout/Page";

export default function CustomersScreen() {
  return <Page title="Your Customers" />;
}
