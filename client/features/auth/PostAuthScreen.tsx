import { Page } from "../../components/layout/Page";

export default function PostAuthScreen() {
  return <Page title="Signing you in" />;
}
