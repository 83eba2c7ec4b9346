import { Page } from "../../components/layout/Page";

export default function WorkoutScreen() {
  return <Page title="Workout" />;
}
