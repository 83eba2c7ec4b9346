import { useT } from "../../lib/i18n";
import { cn } from "../../lib/cn";

const SIZES = { sm: "size-4 border-2", md: "size-6 border-2", lg: "size-10 border-[3px]" } as const;

/**
 * A spinning ring. As a status (the default) it is announced with its label
 * ("Loading"); `decorative` hides it from assistive technology when something
 * else already says what is happening (a busy button).
 */
export function Spinner({
  size = "md",
  label,
  decorative,
  className,
}: {
  size?: keyof typeof SIZES;
  label?: string;
  decorative?: boolean;
  className?: string;
}) {
  const t = useT();
  const ring = (
    <span
      aria-hidden="true"
      className={cn(
        "inline-block animate-spin rounded-full border-current border-r-transparent motion-reduce:animate-[spin_2.4s_linear_infinite]",
        SIZES[size],
        className,
      )}
    />
  );
  if (decorative) return ring;
  return (
    <span role="status" className="inline-flex items-center">
      {ring}
      <span className="sr-only">{label ?? t("spinner.label")}</span>
    </span>
  );
}
