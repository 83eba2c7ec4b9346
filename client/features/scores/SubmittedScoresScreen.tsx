import { Page } from "../../components/layout/Page";

export default function SubmittedScoresScreen() {
  return <Page title="Submitted Scores" />;
}
