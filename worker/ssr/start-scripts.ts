import { jsonForScript } from "./escape";

/** How long a visible page waits for its first contentful paint before starting its scripts anyway. */
export const PAINT_WAIT_MS = 3000;

/**
 * The page's scripts start after its first contentful paint has reached the
 * screen: the server's page shows (its styles are inline) before the browser
 * fetches, compiles and runs any code, so that work never holds the first
 * paint back (on a phone's few cores, compiling scripts can starve the
 * painting of the frame that is already drawn). The browser's paint timing
 * says when that frame was presented; one frame later the code comes all at
 * once: the entry and the route's modules preloaded beside it, in one
 * fragment (added one by one, each tag costs a style invalidation: about
 * 5 ms each on a throttled phone, 1 ms in one fragment). A hidden tab paints
 * nothing and starts at once; a browser without paint timing starts after
 * its first frame; a paint that never comes is waited for PAINT_WAIT_MS.
 */
export function startScripts(preloads: string[], entries: string[]): string {
  const list = (values: string[]) => jsonForScript(values);
  return (
    `(function(){var done=false,d=document;function go(){if(done)return;done=true;var f=d.createDocumentFragment();` +
    `${list(entries)}.forEach(function(u){var s=d.createElement('script');s.type='module';s.src=u;f.appendChild(s)});` +
    `${list(preloads)}.forEach(function(u){var l=d.createElement('link');l.rel='modulepreload';l.href=u;f.appendChild(l)});` +
    `d.head.appendChild(f)}` +
    `function soon(){requestAnimationFrame(function(){setTimeout(go,0)})}` +
    `if(d.visibilityState==='hidden')return go();` +
    `d.addEventListener('visibilitychange',function(){if(d.visibilityState==='hidden')go()});` +
    `var P=typeof PerformanceObserver==='function'?PerformanceObserver:null;` +
    `if(!P||!P.supportedEntryTypes||P.supportedEntryTypes.indexOf('paint')<0){soon();setTimeout(go,100);return}` +
    `new P(function(l,o){if(l.getEntriesByName('first-contentful-paint').length){o.disconnect();soon()}}).observe({type:'paint',buffered:true});` +
    `setTimeout(go,${PAINT_WAIT_MS})})()`
  );
}
