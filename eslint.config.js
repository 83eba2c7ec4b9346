import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const LUCIDE_INDEX = { name: "lucide-react", message: "Import icons from client/components/icons.ts, one module each.", allowTypeImports: true };

export default tseslint.config(
  { ignores: ["dist", ".wrangler", "node_modules", "worker-configuration.d.ts", "migrations", "test-results", "playwright-report"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-explicit-any": "off",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/no-namespace": "off",
    },
  },
  {
    // Playwright fixtures call their callback `use`, which is not a React hook.
    files: ["tests/e2e/**/*.ts"],
    rules: { "react-hooks/rules-of-hooks": "off" },
  },
  {
    // Client code never reaches into the Worker or the database: it shares only contract/.
    files: ["client/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": ["error", { paths: [LUCIDE_INDEX], patterns: [{ group: ["**/worker/**", "**/db/**"], message: "The client imports only contract/ and its own code." }] }],
    },
  },
  {
    // Icons come one module each through client/components/icons.ts (the package index loads all of them).
    files: ["worker/**/*.{ts,tsx}", "tests/**/*.{ts,tsx}"],
    rules: { "no-restricted-imports": ["error", { paths: [LUCIDE_INDEX] }] },
  },
  {
    files: ["client/components/icons.ts"],
    rules: { "no-restricted-imports": "off" },
  },
);
