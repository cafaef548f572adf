import { defineConfig } from "vitest/config";

// Kept apart from vite.config.ts: the reactRouter() plugin must not load under Vitest.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    projects: [
      {
        extends: true,
        test: { name: "unit", include: ["app/**/*.test.ts", "app/**/*.test.tsx", "eslint/**/*.test.ts"], environment: "node" },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          environment: "node",
          setupFiles: ["tests/support/integration-setup.ts"],
          globalSetup: ["tests/support/integration-global-setup.ts"],
        },
      },
    ],
  },
});
