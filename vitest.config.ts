import { defineConfig } from "vitest/config";

// Kept apart from vite.config.ts: the reactRouter() plugin must not load under Vitest.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["app/**/*.test.{ts,tsx}", "eslint/**/*.test.ts"],
          // A slice's tests/ folder holds its integration tests, which need a database.
          exclude: ["app/**/tests/**", "node_modules/**"],
          environment: "node",
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          // Beside their feature (app/<area>/<feature>/tests/) or, when they cross features, here.
          include: ["app/**/tests/*.test.ts", "tests/integration/**/*.test.ts"],
          environment: "node",
          setupFiles: ["tests/support/integration-setup.ts"],
          globalSetup: ["tests/support/integration-global-setup.ts"],
        },
      },
    ],
  },
});
