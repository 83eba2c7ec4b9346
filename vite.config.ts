import { cloudflare } from "@cloudflare/vite-plugin";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

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
    react(),
    tailwindcss(),
    cloudflare({
      persistState: { path: process.env.PERSIST_DIR ?? ".wrangler/state" },
      inspectorPort: false,
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
          // The product's icons (lucide-react, one module each) travel as one script
          // instead of one per icon: fewer requests per screen and a shorter preload table in the first script.
          output: { codeSplitting: { includeDependenciesRecursively: false, groups: [{ name: "icons", test: /node_modules[\\/]lucide-react[\\/]/ }] } },
        },
      },
    },
  },
}));
