import { Page } from "../../components/layout/Page";

export default function VariantEditorScreen() {
  return <Page title="Variant Details" />;
}
