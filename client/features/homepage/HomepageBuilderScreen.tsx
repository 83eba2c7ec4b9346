import { Page } from "../../components/layout/Page";

export default function HomepageBuilderScreen() {
  return <Page title="Homepage Builder" />;
}
