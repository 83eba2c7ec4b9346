import { jsonForScript } from "./escape";

/**
 * The page's scripts start after its first frame: the server's page paints
 * (its styles are inline) before the browser fetches and runs any code, and
 * the code then comes all at once, the route's modules preloaded beside the
 * entry. Without it, a fast connection could fetch and run the scripts before
 * the first paint, which then waited for them. A hidden tab gets no frames,
 * so a timer starts them too.
 */
export function startScripts(preloads: string[], entries: string[]): string {
  const list = (values: string[]) => jsonForScript(values);
  return (
    `(function(){var done=false;function go(){if(done)return;done=true;var h=document.head;` +
    `${list(preloads)}.forEach(function(u){var l=document.createElement('link');l.rel='modulepreload';l.href=u;h.appendChild(l)});` +
    `${list(entries)}.forEach(function(u){var s=document.createElement('script');s.type='module';s.src=u;h.appendChild(s)})}` +
    `requestAnimationFrame(function(){setTimeout(go,0)});setTimeout(go,100)})()`
  );
}
