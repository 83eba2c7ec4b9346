import { Page } from "../../components/layout/Page";

export default function CustomerDetailsScreen() {
  return <Page title="Customer Details" />;
}
