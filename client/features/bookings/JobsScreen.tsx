import { Page } from "../../components/layout/Page";

export default function JobsScreen() {
  return <Page title="Your Jobs" />;
}
