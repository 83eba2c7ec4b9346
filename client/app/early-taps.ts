/**
 * A tap on the server's page before its script has started.
 *
 * The server's page is on screen before the app's code has arrived: on a slow
 * phone, a second or more. Links and form posts work without the script, but
 * a button such as Home's "Take the assessment" only has a handler once React
 * has taken the page over, and a tap before that did nothing. React itself
 * answers taps from the moment hydration begins (it hydrates what the tap
 * lands on at once); before that, nothing listens.
 *
 * So the page's first inline script (worker/ssr/render.tsx) keeps the last
 * button tapped before hydration begins, and the app gives that tap again to
 * the same button once the page is its own: the same element, since
 * hydration adopts the server's nodes, and only if it is still there and
 * enabled. Only the last tap is kept (several taps on a page that does not yet
 * answer mean one wish), and only on buttons: a link or a form's submit
 * button works without the script and is left to the browser.
 */

type EarlyTapWindow = Window & { __earlyTap?: Element | null; __earlyTapsDone?: boolean };

/** Buttons and what says it is one; a form's submit button posts without the script. */
const BUTTON = "button,[role=button]";

/** Inline in the page's head, under its nonce: keeps the last tapped button until the app starts. */
export const EARLY_TAPS_SCRIPT =
  "(function(){var w=window;document.addEventListener('click',function(e){if(w.__earlyTapsDone)return;" +
  `var t=e.target,b=t&&t.closest?t.closest('${BUTTON}'):null;` +
  "if(b&&!b.matches(':disabled')&&!(b.type==='submit'&&b.form)&&b.closest('#root'))w.__earlyTap=b},true)})()";

let kept: Element | null = null;

/** Just before React takes the page over: from then on React answers taps itself. */
export function stopKeepingEarlyTaps() {
  if (typeof window === "undefined") return;
  const w = window as EarlyTapWindow;
  w.__earlyTapsDone = true;
  kept = w.__earlyTap ?? null;
  w.__earlyTap = null;
}

/** Once the page is the app's: the kept tap, given again to its button if it is still on the page and enabled. */
export function replayEarlyTap() {
  const button = kept;
  kept = null;
  if (!(button instanceof HTMLElement) || !button.isConnected || button.matches(":disabled") || button.getAttribute("aria-disabled") === "true") return;
  // After the commit that made the page the app's, not inside it.
  setTimeout(() => {
    if (button.isConnected && !button.matches(":disabled")) button.click();
  }, 0);
}
