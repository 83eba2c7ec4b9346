import { initials } from "../../components/ui/Avatar";
import { cn } from "../../lib/cn";
import { logoPlate } from "../../components/ui/logo-plate";

/**
 * A small square brand place: the square mark filling it, else the logo
 * contained at its own shape (as tall as the square), else the name's initials. Decorative (`alt=""`):
 * the name is always written or announced beside it.
 */
export function BrandMark({
  mark,
  logo,
  name,
  size,
  className,
  testId = "brand-mark",
  logoClassName = "max-w-10 sm:max-w-16",
  plate = logoPlate,
}: {
  mark: string | null | undefined;
  logo: string | null | undefined;
  name: string;
  /** Its side in pixels. */
  size: number;
  className?: string;
  testId?: string;
  /** Width limits of a logo drawn in the mark's place. */
  logoClassName?: string;
  /** The light plate behind a logo drawn in the mark's place: on dark surfaces (the default), or always (`logoPlateAlways`, on the brand-coloured bar). */
  plate?: string;
}) {
  const box = cn("inline-flex shrink-0 items-center justify-center overflow-hidden rounded", className);
  const style = { width: size, height: size };
  if (mark) return <img src={mark} alt="" width={size} height={size} data-testid={testId} data-kind="mark" className={cn(box, "object-cover")} style={style} />;
  if (logo) {
    // At its own shape: as tall as the square, as wide as it is up to `logoClassName`'s limit, never squeezed into the square.
    return (
      <img
        src={logo}
        alt=""
        data-testid={testId}
        data-kind="logo"
        className={cn("w-auto shrink-0 rounded object-contain", plate, logoClassName, className)}
        style={{ height: size }}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      data-testid={testId}
      data-kind="initials"
      className={cn(box, "bg-muted font-semibold text-muted-foreground")}
      style={{ ...style, fontSize: Math.round(size * 0.42) }}
    >
      {initials(name)}
    </span>
  );
}
