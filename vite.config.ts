import { cloudflare } from "@cloudflare/vite-plugin";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { defineConfig, type Plugin } from "vite";
import { allFontFiles, FONT_PATH } from "./contract/fonts";
import { pureReactRouter } from "./scripts/pure-react-router";

/**
 * The fonts a partner can pick, served by the product from /fonts: the
 * latin woff2 files of the @fontsource packages (contract/fonts.ts names
 * them), copied into the client build and answered by the dev server.
 */
function productFonts(): Plugin {
  const files = new Map(allFontFiles().map((f) => [f.file, fileURLToPath(new URL(`node_modules/@fontsource/${f.slug}/files/${f.file}`, import.meta.url))]));
  return {
    name: "product-fonts",
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const path = files.get((req.url ?? "").split("?")[0]!.slice(FONT_PATH.length + 1));
        if (!req.url?.startsWith(`${FONT_PATH}/`) || !path) return next();
        res.setHeader("Content-Type", "font/woff2");
        res.end(readFileSync(path));
      });
    },
    generateBundle() {
      if (this.environment.name !== "client") return;
      for (const [file, path] of files) this.emitFile({ type: "asset", fileName: `${FONT_PATH.slice(1)}/${file}`, source: readFileSync(path) });
    },
  };
}

// One Vite project builds two environments: the client bundle (hydration and
// the lazily loaded routes) and the Worker (API + server-rendered shell), which
// @cloudflare/vite-plugin runs inside workerd in development and preview.
// PERSIST_DIR lets tests and benches keep their own local D1/R2/Queue state.
// Local values (APP_ENV, MAIN_HOST, MAIN_ORIGIN, secrets) come from .dev.vars,
// never from this file, so the build stays the deployable production one.
export default defineConfig(({ command }) => ({
  // react-router's package exports name only its development build, warnings and all
  // (remix-run/react-router#14102); a production build takes its production build.
  resolve:
    command === "build"
      ? { alias: [{ find: /^react-router$/, replacement: fileURLToPath(new URL("node_modules/react-router/dist/production/index.mjs", import.meta.url)) }] }
      : {},
  plugins: [
    productFonts(),
    pureReactRouter(),
    react(),
    tailwindcss(),
    cloudflare({
      persistState: { path: process.env.PERSIST_DIR ?? ".wrangler/state" },
      inspectorPort: process.env.WORKER_INSPECTOR_PORT ? Number(process.env.WORKER_INSPECTOR_PORT) : false,
    }),
  ],
  // client/public (the static assets' _headers rules) is copied into the client build.
  publicDir: "client/public",
  server: { port: 5173, strictPort: true, host: "127.0.0.1", allowedHosts: true },
  preview: { port: Number(process.env.PORT ?? 4173), strictPort: true, host: "127.0.0.1", allowedHosts: true },
  environments: {
    client: {
      build: {
        manifest: "asset-manifest.json",
        rollupOptions: {
          input: "client/main.tsx",
          // Fewer, larger scripts for the lazily loaded code: each script a page loads costs
          // the phone's main thread a task of its own, however small the file. The product's
          // icons (lucide-react, one module each) travel as one script; so do TanStack Query,
          // the Radix primitives and the features' small API and key modules. What the entry
          // imports statically ("$initial") stays in the entry, so that sign-in loads none of
          // these groups (its weight budget is in the bench).
          output: {
            codeSplitting: {
              includeDependenciesRecursively: false,
              groups: [
                { name: "icons", test: /node_modules[\\/]lucide-react[\\/]/ },
                { name: "boot", tags: ["$initial"], priority: 10 },
                { name: "query", test: /node_modules[\\/]@tanstack[\\/]/ },
                {
                  name: "radix",
                  test: /node_modules[\\/](@radix-ui|@floating-ui|react-remove-scroll|react-remove-scroll-bar|react-style-singleton|use-callback-ref|use-sidecar|aria-hidden|get-nonce|detect-node-es|tslib)[\\/]/,
                },
                { name: "data", test: /client[\\/]features[\\/][^\\/]+[\\/](api|keys|query|format)\.ts$|contract[\\/]enums\.ts$/ },
              ],
            },
          },
        },
      },
    },
  },
}));
