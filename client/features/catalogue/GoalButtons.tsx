import { BarChart3, Bot, Briefcase, Radio, Shield, Target, Users } from "../../components/icons";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Category } from "../../../contract/enums";
import { cn } from "../../lib/cn";
import { useT } from "../../lib/i18n";
import { focusRing } from "../../components/ui/focus-ring";
import { enumLabel } from "../../lib/enums";

const ICONS: Record<Category, ReactNode> = {
  aiAndAutomation: <Bot />,
  dataAndInsights: <BarChart3 />,
  productivityAndCollaboration: <Users />,
  securityAndContinuity: <Shield />,
  businessSystemsAndOperations: <Briefcase />,
  commsAndConnectivity: <Radio />,
  strategy: <Target />,
};

/** Home's goal buttons: one per category, each opening the catalogue filtered by it. */
export function GoalButtons({ className }: { className?: string }) {
  const t = useT();
  return (
    <nav aria-labelledby="goal-buttons" className={className}>
      <h2 id="goal-buttons" className="mb-3 text-lg font-semibold">
        {t("catalogue.goals")}
      </h2>
      <ul className="grid grid-cols-2 gap-3 home-sm:grid-cols-3 home-lg:grid-cols-4">
        {Category.map((c) => (
          <li key={c}>
            <Link
              to={`/workouts?category=${c}`}
              className={cn(
                "flex h-full items-center gap-3 rounded-xl border border-border bg-card p-4 text-sm font-medium transition-colors hover:border-brand hover:bg-muted",
                focusRing,
                "[&_svg]:size-5 [&_svg]:shrink-0 [&_svg]:text-brand-text",
              )}
            >
              <span aria-hidden="true">{ICONS[c]}</span>
              {enumLabel(t, "Category", c)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
