import type { Styling } from "../../contract/styling";
import { enUSFirst } from "../i18n/en-US.first";

/**
 * The full-screen loader (App shell) wearing the partner's logo and
 * platform name. The server renders it into every page and the client's first
 * render is the same element, so hydration matches; it stays up while
 * authentication is in progress. The server cannot know the visitor's
 * language (it lives in local storage), so the hidden label is en-US's, the
 * same word in all three variants.
 */
export function BootScreen({ styling }: { styling: Styling }) {
  return (
    <div className="boot-screen" role="status" aria-live="polite" aria-busy="true">
      {styling.logo ? <img className="boot-logo" src={styling.logo.uri} alt="" width={64} height={64} /> : null}
      <span className="boot-name">{styling.platformName}</span>
      <span className="boot-spinner" aria-hidden="true" />
      <span className="sr-only">{enUSFirst["common.loading"]}</span>
    </div>
  );
}

/** Critical CSS for the loader, inlined by the server so it is styled before any style sheet loads. */
export const BOOT_CSS =
  ".boot-screen{position:fixed;inset:0;display:flex;flex-direction:column;align-items:center;justify-content:center;gap:1rem;" +
  "font-family:var(--brand-font);background:#fff;color:#111827}" +
  ".dark .boot-screen{background:#09090b;color:#f4f4f5}" +
  ".boot-logo{width:auto;max-width:min(240px,80vw);height:64px;object-fit:contain}" +
  ".boot-name{font-size:1.25rem;font-weight:600;color:rgb(var(--brand-text))}.dark .boot-name{color:rgb(var(--brand-text-dark))}" +
  ".boot-spinner{width:28px;height:28px;border-radius:50%;border:3px solid rgb(var(--brand) / .2);border-top-color:rgb(var(--brand));" +
  "animation:boot-spin .8s linear infinite}@keyframes boot-spin{to{transform:rotate(360deg)}}" +
  "@media (prefers-reduced-motion:reduce){.boot-spinner{animation-duration:2.4s}}" +
  ".sr-only{position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0,0,0,0);white-space:nowrap;border:0}";
