import { Page } from "../../components/layout/Page";

export default function PriceGroupsScreen() {
  return <Page title="Price Groups" />;
}
