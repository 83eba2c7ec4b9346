import { Page } from "../../components/layout/Page";

export default function ProfileScreen() {
  return <Page title="Your Profile" />;
}
