import * as AvatarPrimitive from "@radix-ui/react-avatar";
import { cn } from "../../lib/cn";

/** Avatar sizes in pixels. */
export const AVATAR_SIZES = { sm: 40, base: 64, lg: 128 } as const;
export type AvatarSize = keyof typeof AVATAR_SIZES;

export function initials(name: string): string {
  const words = name
    .trim()
    .split(/[\s@._-]+/)
    .filter(Boolean);
  if (words.length === 0) return "?";
  const first = words[0]?.[0] ?? "";
  const last = words.length > 1 ? (words.at(-1)?.[0] ?? "") : "";
  return (first + last).toUpperCase();
}

/**
 * A person's photo or an organisation's logo, falling back to initials while
 * the image loads or when it fails. `alt` names it; pass `alt=""` when the
 * name is already written beside it.
 */
export function Avatar({
  src,
  name,
  alt,
  size = "base",
  shape = "circle",
  className,
}: {
  src?: string | null;
  name: string;
  alt?: string;
  size?: AvatarSize;
  shape?: "circle" | "square";
  className?: string;
}) {
  const px = AVATAR_SIZES[size];
  const label = alt ?? name;
  return (
    <AvatarPrimitive.Root
      className={cn(
        "relative inline-flex shrink-0 items-center justify-center overflow-hidden bg-muted align-middle",
        shape === "circle" ? "rounded-full" : "rounded-lg",
        className,
      )}
      style={{ width: px, height: px }}
      data-size={size}
      data-shape={shape}
    >
      {src ? <AvatarPrimitive.Image src={src} alt={label} className="size-full object-cover" /> : null}
      <AvatarPrimitive.Fallback
        role={label ? "img" : undefined}
        aria-label={label || undefined}
        aria-hidden={label ? undefined : true}
        className="font-semibold text-muted-foreground"
        style={{ fontSize: Math.round(px * 0.38) }}
      >
        {initials(name)}
      </AvatarPrimitive.Fallback>
    </AvatarPrimitive.Root>
  );
}
