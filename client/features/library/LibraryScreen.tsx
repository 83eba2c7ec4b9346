import { Page } from "../../components/layout/Page";

export default function LibraryScreen() {
  return <Page title="Workout Library" />;
}
