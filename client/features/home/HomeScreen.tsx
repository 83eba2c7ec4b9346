import { Page } from "../../components/layout/Page";

export default function HomeScreen() {
  return <Page title="Home" />;
}
