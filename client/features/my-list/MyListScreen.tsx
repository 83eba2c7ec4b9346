import { Page } from "../../components/layout/Page";

export default function MyListScreen() {
  return <Page title="Saved Items" />;
}
