import comments from "@eslint-community/eslint-plugin-eslint-comments/configs";
import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";
import jsxA11y from "eslint-plugin-jsx-a11y";
import react from "eslint-plugin-react";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import { builtinModules } from "node:module";
import tseslint from "typescript-eslint";
import { ringZones, sliceLayoutProblems } from "./eslint/rings.js";

// A file outside the folders a slice may hold would escape the rules below: refuse to lint at all.
const layoutProblems = sliceLayoutProblems();
if (layoutProblems.length) throw new Error(`The slices' layout is broken:\n${layoutProblems.join("\n")}`);

/** Packages that talk to the world (database, payments, mail, files, HTTP): never in domain/. */
const SERVER_PACKAGES = [
  "kysely",
  "better-sqlite3",
  "pg",
  "stripe",
  "nodemailer",
  "sharp",
  "busboy",
  "express",
  "compression",
  "@react-router/node",
  "@react-router/express",
  "remix-auth",
  "remix-auth-form",
];

const NO_BUILT_INS = "rules/ and shared/ are pure and run in the browser: no Node built-ins.";

/** Only a slice's server code (and app/lib) speaks to the database. */
const DATABASE_PACKAGES = ["kysely", "better-sqlite3", "pg"];
const DATABASE_IN_SERVER_CODE = "Only server code speaks to the database: ask the slice's server/ module.";

const TESTS_ARE_NOT_APP_CODE = {
  group: ["**/tests/**", "*.test", "*.test.ts"],
  message: "Application code never imports tests.",
};

/**
 * The linter `npm test` runs first. Beside the usual JavaScript, TypeScript, React and
 * accessibility rules it holds the house's shape: feature slices, each with its rings
 * (routes, components -> server -> lib/db, with rules pure), which use one another only
 * through a slice's public modules. `eslint/rings.js` says which import may go where, and why.
 */
export default tseslint.config(
  {
    ignores: ["build/", ".react-router/", "node_modules/", "test-results/", "playwright-report/", "data/", "uploads/"],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  comments.recommended,
  {
    languageOptions: {
      globals: { ...globals.browser, ...globals.node },
    },
    linterOptions: {
      reportUnusedDisableDirectives: "error",
    },
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        { args: "after-used", argsIgnorePattern: "^_", ignoreRestSiblings: true, caughtErrors: "none" },
      ],
      "@typescript-eslint/consistent-type-imports": [
        "error",
        { prefer: "type-imports", fixStyle: "inline-type-imports" },
      ],
      // Prettier wraps the code at 120 characters; what it cannot wrap (a comment) is wrapped by hand.
      // A string, a URL or a rule switched off with its reason may run longer rather than be cut.
      "max-len": [
        "error",
        {
          code: 120,
          ignoreStrings: true,
          ignoreTemplateLiterals: true,
          ignoreRegExpLiterals: true,
          ignoreUrls: true,
          ignorePattern: "eslint-disable",
        },
      ],
      // A rule switched off says why, after `--` on the same line.
      "@eslint-community/eslint-comments/require-description": ["error", { ignore: [] }],
      // Tests that are skipped or focused would let a failure through unseen.
      "no-restricted-syntax": [
        "error",
        {
          selector:
            "MemberExpression[object.name=/^(it|test|describe|suite)$/][property.name=/^(only|skip|todo|fixme|skipIf|runIf)$/]",
          message: "A skipped or focused test hides failures: fix the test, or remove it.",
        },
        {
          selector:
            "MemberExpression[object.object.name='test'][object.property.name='describe'][property.name=/^(only|skip|fixme)$/]",
          message: "A skipped or focused test hides failures: fix the test, or remove it.",
        },
      ],
    },
  },
  {
    files: ["**/*.tsx"],
    ...react.configs.flat.recommended,
    ...react.configs.flat["jsx-runtime"],
    languageOptions: { ...react.configs.flat.recommended.languageOptions, globals: { ...globals.browser } },
    settings: { react: { version: "19.3" } },
  },
  {
    files: ["**/*.tsx"],
    rules: {
      ...react.configs.flat.recommended.rules,
      ...react.configs.flat["jsx-runtime"].rules,
      // Types are checked by TypeScript, not by runtime prop types.
      "react/prop-types": "off",
      // Apostrophes and quotes are the foundation's words, not typos; a stray > or } is.
      "react/no-unescaped-entities": ["error", { forbid: [">", "}"] }],
    },
  },
  {
    files: ["app/**/*.ts", "app/**/*.tsx"],
    // A slice's tests/ renders no component: a use… there is a test helper (useFakeStripe), not a hook.
    ignores: ["app/**/tests/**"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
    },
  },
  {
    files: ["app/**/*.tsx"],
    ...jsxA11y.flatConfigs.recommended,
  },
  {
    files: ["**/*.ts", "**/*.tsx", "**/*.js", "**/*.mjs"],
    plugins: { "import-x": importX },
    settings: {
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "./tsconfig.json" })],
    },
    rules: {
      "import-x/no-duplicates": ["error", { "prefer-inline": true }],
      "import-x/no-restricted-paths": ["error", { zones: ringZones() }],
    },
  },
  {
    // A migration is frozen in time: it must not depend on today's table types, so it
    // speaks to the database as Kysely's own migration guide does, untyped.
    files: ["db/migrations/*.ts"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  {
    files: ["app/**/*.ts", "app/**/*.tsx", "db/**/*.ts"],
    // Tests may import tests: unit tests beside their file, and a slice's tests/ folder.
    ignores: ["**/*.test.ts", "**/*.test.tsx", "**/*.spec.ts", "app/**/tests/**"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [TESTS_ARE_NOT_APP_CODE] }],
    },
  },
  {
    // Pure rules (a slice's rules/ and app/shared) run in the browser as well as on the server.
    files: ["app/*/*/rules/**/*.{ts,tsx}", "app/shared/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          // Built-ins by exact name: as a pattern, "domain" (a Node module) would match a folder.
          paths: builtinModules.map((name) => ({ name, message: NO_BUILT_INS })),
          patterns: [
            TESTS_ARE_NOT_APP_CODE,
            {
              group: ["*.server", "*.server.*"],
              message: "rules/ is pure: server code belongs in the slice's server/ or in app/lib.",
            },
            { group: ["**/index.ui", "**/components/*"], message: "rules/ is pure: components belong in components/." },
            { group: ["react", "react-dom", "react-dom/*", "react-router"], message: "rules/ is pure: no React." },
            { group: ["node:*"], message: NO_BUILT_INS },
            {
              group: SERVER_PACKAGES,
              message:
                "rules/ is pure and runs in the browser: databases, payments, mail and files belong in server/ or app/lib.",
            },
          ],
        },
      ],
    },
  },
  {
    // Components run in the browser: what they show comes from a route's loader.
    files: ["app/*/*/components/**/*.{ts,tsx}", "app/ui/**/*.tsx"],
    ignores: ["**/*.test.tsx"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            TESTS_ARE_NOT_APP_CODE,
            {
              group: ["*.server", "*.server.*"],
              message: "Components never call server code: a route's loader reads it and passes it down.",
            },
            { group: DATABASE_PACKAGES, message: DATABASE_IN_SERVER_CODE },
          ],
        },
      ],
    },
  },
  {
    // Route modules are thin: they ask their slice's server code, which alone speaks to the database.
    files: ["app/*/*/routes/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [TESTS_ARE_NOT_APP_CODE, { group: DATABASE_PACKAGES, message: DATABASE_IN_SERVER_CODE }] },
      ],
    },
  },
  {
    // Server code runs below the UI: it never renders another slice's components.
    files: ["app/*/*/server/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            TESTS_ARE_NOT_APP_CODE,
            {
              group: ["**/index.ui", "**/components/*", "react-dom", "react-dom/*"],
              message: "server/ holds the rules and the I/O; the UI calls it, never the other way round.",
            },
          ],
        },
      ],
    },
  },
);
