import { Page } from "../../components/layout/Page";

export default function FeaturedGroupsScreen() {
  return <Page title="Featured Groups" />;
}
