import { describe, expect, it } from "vitest";
import { cn } from "../../client/lib/cn";

describe("cn: joining class names, a later class of the same kind wins", () => {
  it("joins, skipping false and empty values", () => {
    expect(cn("a", false, null, undefined, "b", { c: true, d: false })).toBe("a b c");
  });

  it.each([
    ["h-10 px-3", "h-12", "px-3 h-12"],
    ["px-4 py-2 text-sm", "px-2", "py-2 text-sm px-2"],
    ["text-sm text-foreground", "text-lg", "text-foreground text-lg"],
    ["text-sm text-foreground", "text-danger", "text-sm text-danger"],
    ["text-left", "text-center", "text-center"],
    ["font-medium font-sans", "font-semibold", "font-sans font-semibold"],
    ["border border-border", "border-danger", "border border-danger"],
    ["border border-border", "border-2", "border-border border-2"],
    ["border-b border-border", "border-0", "border-border border-0"],
    ["bg-card", "bg-muted/50", "bg-muted/50"],
    ["rounded-lg rounded-t-md", "rounded-none", "rounded-none"],
    ["flex flex-col gap-2", "sm:flex-row", "flex flex-col gap-2 sm:flex-row"],
    ["flex flex-col", "flex-row", "flex flex-row"],
    ["flex", "hidden", "hidden"],
    ["px-4 pl-8", "p-0", "p-0"],
    ["p-4", "px-2", "p-4 px-2"],
    ["h-4 w-4", "size-6", "size-6"],
    ["max-w-lg w-full", "max-w-md", "w-full max-w-md"],
    ["justify-end justify-self-start", "justify-between", "justify-self-start justify-between"],
    ["hover:bg-muted bg-card", "hover:bg-brand", "bg-card hover:bg-brand"],
    ["-mx-1 my-1", "mx-2", "my-1 mx-2"],
    ["gap-2 gap-x-4", "gap-1", "gap-1"],
    ["text-[13px] text-brand", "text-xs", "text-brand text-xs"],
    ["outline-none ui-fade shadow-lg", "z-50", "outline-none ui-fade shadow-lg z-50"],
  ])("cn(%j, %j) is %j", (base, override, expected) => {
    expect(cn(base, override)).toBe(expected);
  });

  it("keeps classes it does not know, even when they look alike", () => {
    expect(cn("animate-pulse", "animate-spin")).toBe("animate-pulse animate-spin");
    expect(cn("peer-focus-visible:ring-2 ring-ring", "ring-offset-2")).toBe("peer-focus-visible:ring-2 ring-ring ring-offset-2");
  });
});
