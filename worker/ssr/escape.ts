/** Text for an HTML text node or a double-quoted attribute. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/**
 * JSON that is safe inside <script type="application/json">: no "<", ">" or
 * "&" survive, so "</script>" or "<!--" in any value cannot end the element,
 * and the line separators that break JavaScript parsers are escaped too.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/** Only what a style sheet of custom properties may contain (see contract/branding.ts). */
export function assertSafeCss(css: string): string {
  if (/[<>{}]/.test(css.replace(/^:root\{/, "").replace(/\}$/, "")) || /<\/style/i.test(css)) {
    throw new Error("unsafe CSS refused");
  }
  return css;
}
