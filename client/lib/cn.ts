import { clsx, type ClassValue } from "clsx";

/**
 * Joins class names; a later Tailwind class wins over an earlier one of the
 * same kind (`cn("px-4 text-sm", "px-2")` → "text-sm px-2"), so a component's
 * `className` overrides its defaults. Only the kinds the product overrides
 * are known (spacing, sizes, text size, colour and alignment, font weight,
 * background, border, corners, display, position, flex and grid alignment,
 * shadow, opacity, z-index); any other class is always kept. A shorthand
 * also replaces its parts before it (`p-0` after `px-4`, `rounded-none`
 * after `rounded-t-lg`, `size-6` after `h-4`).
 */
export function cn(...inputs: ClassValue[]): string {
  const classes = clsx(inputs);
  let merged = merges.get(classes);
  if (merged === undefined) {
    // The same few hundred class lists come back on every render: each is merged once.
    if (merges.size >= MERGES_KEPT) merges.clear();
    merged = mergeClasses(classes);
    merges.set(classes, merged);
  }
  return merged;
}

const MERGES_KEPT = 1000;
const merges = new Map<string, string>();

const SIZES = new Set(["xs", "sm", "base", "lg", "xl", "2xl", "3xl", "4xl", "5xl", "6xl", "7xl", "8xl", "9xl"]);
const ALIGN = new Set(["left", "center", "right", "justify", "start", "end"]);
const WEIGHTS = new Set(["thin", "extralight", "light", "normal", "medium", "semibold", "bold", "extrabold", "black"]);
const DISPLAY = new Set(["block", "inline-block", "inline", "flex", "inline-flex", "grid", "inline-grid", "hidden", "contents", "table", "flow-root"]);
const POSITION = new Set(["static", "fixed", "absolute", "relative", "sticky"]);
const BORDER_STYLE = new Set(["solid", "dashed", "dotted", "double", "hidden", "none"]);
const FLEX_DIRECTION = new Set(["flex-row", "flex-row-reverse", "flex-col", "flex-col-reverse"]);
/** Utilities whose whole kind is their prefix (`px-4` is of kind `px`). */
const PREFIXED = [
  "p",
  "px",
  "py",
  "pt",
  "pr",
  "pb",
  "pl",
  "ps",
  "pe",
  "m",
  "mx",
  "my",
  "mt",
  "mr",
  "mb",
  "ml",
  "ms",
  "me",
  "gap",
  "gap-x",
  "gap-y",
  "space-x",
  "space-y",
  "w",
  "h",
  "size",
  "min-w",
  "min-h",
  "max-w",
  "max-h",
  "inset",
  "inset-x",
  "inset-y",
  "top",
  "right",
  "bottom",
  "left",
  "z",
  "opacity",
  "leading",
  "tracking",
  "items",
  "justify",
  "justify-items",
  "justify-self",
  "self",
  "content",
  "overflow",
  "overflow-x",
  "overflow-y",
  "grid-cols",
  "col-span",
  "basis",
  "grow",
  "shrink",
];
/** A shorthand's parts: a later shorthand removes them. */
const PARTS: Record<string, string[]> = {
  p: ["px", "py", "pt", "pr", "pb", "pl", "ps", "pe"],
  px: ["pr", "pl", "ps", "pe"],
  py: ["pt", "pb"],
  m: ["mx", "my", "mt", "mr", "mb", "ml", "ms", "me"],
  mx: ["mr", "ml", "ms", "me"],
  my: ["mt", "mb"],
  gap: ["gap-x", "gap-y"],
  size: ["w", "h"],
  inset: ["inset-x", "inset-y", "top", "right", "bottom", "left"],
  "inset-x": ["right", "left"],
  "inset-y": ["top", "bottom"],
  rounded: ["rounded-t", "rounded-r", "rounded-b", "rounded-l", "rounded-tl", "rounded-tr", "rounded-br", "rounded-bl", "rounded-s", "rounded-e"],
  "border-w": ["border-w-x", "border-w-y", "border-w-t", "border-w-r", "border-w-b", "border-w-l"],
};
const ROUNDED_SIDES = new Set(["t", "r", "b", "l", "tl", "tr", "br", "bl", "s", "e"]);
const BORDER_SIDES = new Set(["x", "y", "t", "r", "b", "l"]);

/** The kind of a utility without its variants (`text-sm` → `text-size`), or null when unknown. */
function kindOf(utility: string): string | null {
  const u = utility.replace(/^!/, "").replace(/^-/, "");
  if (DISPLAY.has(u)) return "display";
  if (POSITION.has(u)) return "position";
  if (FLEX_DIRECTION.has(u)) return "flex-direction";
  const dash = u.indexOf("-");
  if (dash < 0) {
    if (u === "rounded") return "rounded";
    if (u === "border") return "border-w";
    if (u === "shadow") return "shadow";
    return null;
  }
  const head = u.slice(0, dash);
  const value = u.slice(dash + 1);
  if (head === "text") return SIZES.has(value) || /^\[\d/.test(value) ? "text-size" : ALIGN.has(value) ? "text-align" : "text-colour";
  if (head === "font") return WEIGHTS.has(value) ? "font-weight" : "font-family";
  if (head === "bg") return /^(gradient|linear|radial|none|\[url)/.test(value) ? "bg-image" : "bg-colour";
  if (head === "shadow") return "shadow";
  if (head === "rounded") {
    const side = value.split("-")[0] ?? "";
    return ROUNDED_SIDES.has(side) ? `rounded-${side}` : "rounded";
  }
  if (head === "border") {
    const [first, second] = value.split("-");
    const side = first !== undefined && BORDER_SIDES.has(first) ? first : null;
    const rest = side ? second : value;
    if (rest === undefined || /^\d+$/.test(rest)) return side ? `border-w-${side}` : "border-w";
    if (BORDER_STYLE.has(rest)) return "border-style";
    if (rest === "collapse" || rest === "separate") return null;
    return side ? `border-colour-${side}` : "border-colour";
  }
  // The longest prefix that fits (`gap-x-2` is of kind gap-x, not gap).
  let kind: string | null = null;
  for (const prefix of PREFIXED) if (u.startsWith(`${prefix}-`) && (!kind || prefix.length > kind.length)) kind = prefix;
  return kind;
}

/** Splits `md:hover:px-4` into its variants (`md:hover:`) and utility, outside brackets. */
function splitVariants(cls: string): [string, string] {
  let depth = 0;
  let cut = -1;
  for (let i = 0; i < cls.length; i++) {
    const c = cls[i];
    if (c === "[" || c === "(") depth++;
    else if (c === "]" || c === ")") depth--;
    else if (c === ":" && depth === 0) cut = i;
  }
  return [cls.slice(0, cut + 1), cls.slice(cut + 1)];
}

/** Keeps the last class of each kind (per variant), and drops a shorthand's earlier parts. */
export function mergeClasses(classes: string): string {
  const list = classes.split(/\s+/).filter(Boolean);
  const keep = new Array<boolean>(list.length).fill(true);
  const seen = new Set<string>();
  for (let i = list.length - 1; i >= 0; i--) {
    const [variants, utility] = splitVariants(list[i] ?? "");
    const kind = kindOf(utility);
    if (!kind) continue;
    const key = `${variants}${utility.startsWith("!") ? "!" : ""}${kind}`;
    if (seen.has(key)) {
      keep[i] = false;
      continue;
    }
    seen.add(key);
    for (const part of PARTS[kind] ?? []) seen.add(`${variants}${utility.startsWith("!") ? "!" : ""}${part}`);
  }
  return list.filter((_, i) => keep[i]).join(" ");
}
