import { Page } from "../../components/layout/Page";

export default function WorkoutEditorScreen() {
  return <Page title="Workout" />;
}
