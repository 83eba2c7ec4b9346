import { Page } from "../../components/layout/Page";

export default function ActivityScreen() {
  return <Page title="Your Activity" />;
}
