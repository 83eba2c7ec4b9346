import { Page } from "../../components/layout/Page";

export default function OnboardingScreen() {
  return <Page title="Welcome" />;
}
