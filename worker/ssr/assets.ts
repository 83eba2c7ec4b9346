/**
 * The script and style tags that start the client. In development Vite serves
 * the sources (with its client and React refresh); in production the Worker
 * reads the build's manifest from the static assets once per isolate.
 */
export type ClientAssets = {
  scripts: string[];
  /** Stylesheets the page links to (development: none; production: those whose text could not be inlined). */
  styles: string[];
  /** The build's stylesheets as text, put in the page itself: the first paint waits for no request. */
  inlineStyles: string[];
  preloads: string[];
  inline: string[];
  /** The scripts (and their imports, less the entry's) of modules the page will load lazily at once, e.g. its route's screen. */
  lazyScripts: (modules: readonly string[]) => string[];
};

type ManifestChunk = { file: string; css?: string[]; imports?: string[]; isEntry?: boolean; src?: string };

const ENTRY = "client/main.tsx";
let production: Promise<ClientAssets> | undefined;

const REFRESH_PREAMBLE = [
  'import RefreshRuntime from "/@react-refresh";',
  "RefreshRuntime.injectIntoGlobalHook(window);",
  "window.$RefreshReg$ = () => {};",
  "window.$RefreshSig$ = () => (type) => type;",
  "window.__vite_plugin_react_preamble_installed__ = true;",
].join("\n");

async function fromManifest(assets: Fetcher, origin: string): Promise<ClientAssets> {
  const res = await assets.fetch(new URL("/asset-manifest.json", origin));
  if (!res.ok) throw new Error(`client manifest missing (${res.status}); run the build first`);
  const manifest = await res.json<Record<string, ManifestChunk>>();
  const entry = manifest[ENTRY];
  if (!entry) throw new Error("client entry missing from manifest");
  const styles = new Set<string>(entry.css ?? []);
  const preloads = new Set<string>();
  const walk = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || preloads.has(chunk.file)) return;
    preloads.add(chunk.file);
    chunk.css?.forEach((c) => styles.add(c));
    chunk.imports?.forEach(walk);
  };
  entry.imports?.forEach(walk);
  const lazy = new Map<string, string[]>();
  const lazyScripts = (modules: readonly string[]): string[] => {
    const files = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (!chunk || chunk.isEntry || preloads.has(chunk.file) || files.has(chunk.file)) return;
      files.add(chunk.file);
      chunk.imports?.forEach(visit);
    };
    const key = modules.join(" ");
    let found = lazy.get(key);
    if (!found) {
      modules.forEach(visit);
      found = [...files].map((f) => `/${f}`);
      lazy.set(key, found);
    }
    return found;
  };
  const { linked, inlined } = await readStyles(
    assets,
    origin,
    [...styles].map((f) => `/${f}`),
  );
  return { scripts: [`/${entry.file}`], styles: linked, inlineStyles: inlined, preloads: [...preloads].map((f) => `/${f}`), inline: [], lazyScripts };
}

/**
 * Reads the build's stylesheets once per isolate so that each page carries
 * them in a <style> element instead of a render-blocking <link>. A sheet that
 * cannot be read, or whose text could close the element early, stays linked.
 */
export async function readStyles(assets: Fetcher, origin: string, hrefs: string[]): Promise<{ linked: string[]; inlined: string[] }> {
  const linked: string[] = [];
  const inlined: string[] = [];
  for (const href of hrefs) {
    const res = await assets.fetch(new URL(href, origin));
    const text = res.ok ? await res.text() : "";
    if (text && !/<\/style/i.test(text)) inlined.push(text);
    else linked.push(href);
  }
  return { linked, inlined };
}

export function clientAssets(dev: boolean, assets: Fetcher, origin: string): Promise<ClientAssets> {
  if (dev) {
    return Promise.resolve({
      scripts: ["/@vite/client", `/${ENTRY}`],
      styles: [],
      inlineStyles: [],
      preloads: [],
      inline: [REFRESH_PREAMBLE],
      lazyScripts: () => [],
    });
  }
  production ??= fromManifest(assets, origin).catch((err) => {
    production = undefined;
    throw err;
  });
  return production;
}
