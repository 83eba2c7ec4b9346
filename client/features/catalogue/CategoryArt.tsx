import { BarChart3, Bot, Briefcase, Radio, Shield, Target, Users, type LucideIcon } from "../../components/icons";
import type { Category } from "../../../contract/enums";
import { cn } from "../../lib/cn";

/** Each category's icon and a pair of hues for its illustration (the same in both themes). */
const ART: Record<Category, { icon: LucideIcon; from: string; to: string }> = {
  aiAndAutomation: { icon: Bot, from: "#4f46e5", to: "#06b6d4" },
  dataAndInsights: { icon: BarChart3, from: "#0f766e", to: "#65a30d" },
  productivityAndCollaboration: { icon: Users, from: "#c2410c", to: "#f59e0b" },
  securityAndContinuity: { icon: Shield, from: "#1e3a8a", to: "#6d28d9" },
  businessSystemsAndOperations: { icon: Briefcase, from: "#334155", to: "#0ea5e9" },
  commsAndConnectivity: { icon: Radio, from: "#be185d", to: "#f97316" },
  strategy: { icon: Target, from: "#166534", to: "#0891b2" },
};

/**
 * A card's picture: the workout's featured image when it has one (sized for
 * its slot, lazy unless above the fold), otherwise an illustration of its
 * category. Decorative either way: the card's text names the workout.
 */
export function WorkoutArt({
  category,
  image,
  className,
  eager = false,
  width = 320,
  height = 180,
}: {
  category: Category;
  image: { url: string; alt: string | null } | null;
  className?: string;
  eager?: boolean;
  width?: number;
  height?: number;
}) {
  if (image) {
    return (
      <img
        src={image.url}
        alt=""
        width={width}
        height={height}
        loading={eager ? "eager" : "lazy"}
        decoding="async"
        className={cn("aspect-video w-full object-cover", className)}
      />
    );
  }
  const art = ART[category];
  const Icon = art.icon;
  return (
    <div
      aria-hidden="true"
      data-testid="category-art"
      className={cn("relative flex aspect-video w-full items-center justify-center overflow-hidden", className)}
      style={{ background: `linear-gradient(135deg, ${art.from}, ${art.to})` }}
    >
      <Icon className="size-12 text-white/90" strokeWidth={1.5} />
      <span className="absolute -right-6 -bottom-6 size-24 rounded-full bg-white/10" />
      <span className="absolute -top-8 -left-4 size-20 rounded-full bg-white/10" />
    </div>
  );
}
