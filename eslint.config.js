import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const LUCIDE_INDEX = { name: "lucide-react", message: "Import icons from client/components/icons.ts, one module each.", allowTypeImports: true };
/** The TypeScript sources: the type-aware rules read them through tsconfig.json's program. */
const TYPED = ["**/*.{ts,tsx}"];

export default tseslint.config(
  { ignores: ["dist", ".wrangler", "node_modules", "worker-configuration.d.ts", "migrations", "test-results", "playwright-report"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked.map((c) => ({ ...c, files: TYPED })),
  {
    files: TYPED,
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      // An event handler or a navigation that returns a promise is marked `void` where nothing waits for it.
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": "error",
      "@typescript-eslint/await-thenable": "error",
      "@typescript-eslint/no-unnecessary-type-assertion": "error",
      // Route guards throw React Router's redirect Responses, which is how a loader redirects.
      "@typescript-eslint/only-throw-error": ["error", { allow: [{ from: "lib", name: "Response" }], allowThrowingUnknown: false }],
      // Methods that implement a promise-returning interface (auth and mail adapters, test doubles) may be async without awaiting.
      "@typescript-eslint/require-await": "off",
    },
  },
  {
    // Tests read response bodies as `any` (json<T = any>) and build loose doubles: the no-unsafe-* rules would flag
    // every such read. They stay on for the product code; the promise rules stay on for the tests.
    files: ["tests/**/*.{ts,tsx}"],
    rules: {
      "@typescript-eslint/no-unsafe-argument": "off",
      "@typescript-eslint/no-unsafe-assignment": "off",
      "@typescript-eslint/no-unsafe-call": "off",
      "@typescript-eslint/no-unsafe-member-access": "off",
      "@typescript-eslint/no-unsafe-return": "off",
    },
  },
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
      "no-restricted-imports": [
        "error",
        { paths: [LUCIDE_INDEX], patterns: [{ group: ["**/worker/**", "**/db/**"], message: "The client imports only contract/ and its own code." }] },
      ],
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
