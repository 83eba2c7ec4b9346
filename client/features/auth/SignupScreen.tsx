import { Page } from "../../components/layout/Page";

export default function SignupScreen() {
  return <Page title="Sign up" />;
}
