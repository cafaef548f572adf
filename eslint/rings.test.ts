import { ESLint } from "eslint";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { sliceLayoutProblems } from "./rings.js";
import { describe, expect, it } from "vitest";

/**
 * The slices and their rings hold only while the linter refuses what climbs them: each case
 * lints one import as if written in the named file and reads which rules object.
 */
const eslint = new ESLint({ cwd: process.cwd() });

async function objectionsTo(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport const probe = [x];\n`, { filePath });
  return (result?.messages ?? []).map((message) => `${message.ruleId}: ${message.message}`);
}

const RINGS = "import-x/no-restricted-paths";

// The first case loads the whole lint configuration and every slice's files: slow on a busy machine.
describe("the slices", { timeout: 60_000 }, () => {
  it("refuses another slice's insides, and accepts its public modules", async () => {
    const inside = await objectionsTo(
      "app/donors/my-giving/server/probe.server.ts",
      'import { x } from "~/giving/receipts/server/receipts.server";',
    );
    expect(inside.join("\n")).toContain(
      `${RINGS}: Unexpected path "~/giving/receipts/server/receipts.server" imported in restricted zone. Reach giving/receipts through its public modules`,
    );
    expect(
      await objectionsTo(
        "app/donors/my-giving/server/probe.server.ts",
        'import { x } from "~/giving/receipts/index.server";',
      ),
    ).toEqual([]);
    expect(
      await objectionsTo("app/donors/my-giving/routes/probe.tsx", 'import { x } from "~/giving/receipts";'),
    ).toEqual([]);
    expect(
      await objectionsTo("app/donors/my-giving/routes/probe.tsx", 'import { x } from "~/giving/recurring/index.ui";'),
    ).toEqual([]);
  });

  it("refuses another slice's insides reached by a relative path too", async () => {
    const found = await objectionsTo(
      "app/donors/my-giving/routes/probe.tsx",
      'import { x } from "../../../giving/recurring/components/recurring-gifts";',
    );
    expect(found.join("\n")).toContain("Reach giving/recurring through its public modules");
  });

  it("lets a slice's tests reach another slice's insides, which the slice's code may not", async () => {
    const probe = "app/donors/my-giving/tests/probe.test.ts";
    expect(await objectionsTo(probe, 'import { x } from "~/giving/receipts/server/receipts.server";')).toEqual([]);
    expect(await objectionsTo(probe, 'import { x } from "../../../../tests/support/routes";')).toEqual([]);
    expect(
      await objectionsTo(
        "app/donors/my-giving/tests/probe.spec.ts",
        'import { x } from "../../../../tests/e2e/fixtures";',
      ),
    ).toEqual([]);
    const fromCode = await objectionsTo(
      "app/giving/receipts/server/probe.server.ts",
      'import { x } from "~/donors/my-giving/tests/probe.test";',
    );
    expect(fromCode.join("\n")).toContain("Application code never imports tests");
  });

  it("lets a slice use its own insides", async () => {
    expect(
      await objectionsTo("app/giving/receipts/routes/probe.tsx", 'import { x } from "../server/receipts.server";'),
    ).toEqual([]);
    expect(
      await objectionsTo("app/giving/receipts/server/probe.server.ts", 'import { x } from "../rules/receipts";'),
    ).toEqual([]);
  });
});

describe("the rings inside a slice", () => {
  it("refuses server code, React and Node built-ins in rules/, which the browser runs", async () => {
    const probe = "app/giving/zakat-calculator/rules/probe.ts";
    expect((await objectionsTo(probe, 'import { x } from "~/lib/db.server";')).join("\n")).toContain("rules/ is pure");
    expect((await objectionsTo(probe, 'import { x } from "../server/metal-prices.server";')).join("\n")).toContain(
      "rules/ is pure",
    );
    expect((await objectionsTo(probe, 'import { x } from "~/giving/recurring/index.ui";')).join("\n")).toContain(
      "components belong in components/",
    );
    expect((await objectionsTo(probe, 'import { x } from "react";')).join("\n")).toContain("no React");
    expect((await objectionsTo(probe, 'import { x } from "node:crypto";')).join("\n")).toContain("no Node built-ins");
    expect((await objectionsTo(probe, 'import { x } from "crypto";')).join("\n")).toContain("no Node built-ins");
    expect((await objectionsTo(probe, 'import { x } from "kysely";')).join("\n")).toContain(
      "belong in server/ or app/lib",
    );
    expect((await objectionsTo("app/shared/probe.tsx", 'import { x } from "react";')).join("\n")).toContain("no React");
  });

  it("refuses the UI in server/, and server code in components/", async () => {
    const inServer = await objectionsTo(
      "app/giving/receipts/server/probe.server.ts",
      'import { x } from "../routes/receipt";',
    );
    expect(inServer.join("\n")).toContain("server/ holds the rules and the I/O");
    const inComponent = await objectionsTo(
      "app/giving/receipts/components/probe.tsx",
      'import { x } from "../server/receipts.server";',
    );
    expect(inComponent.join("\n")).toContain("Components render what a route's loader gives them");
    const otherServer = await objectionsTo(
      "app/giving/receipts/components/probe.tsx",
      'import { x } from "~/giving/recurring/index.server";',
    );
    expect(otherServer.join("\n")).toContain("Components never call server code");
  });

  it("lets only server code speak to the database", async () => {
    const found = await objectionsTo("app/giving/receipts/routes/probe.tsx", 'import { x } from "~/lib/db.server";');
    expect(found.join("\n")).toContain("Only server code speaks to the database");
  });
});

describe("the public modules and the slices' layout", () => {
  it("keeps server code out of index.ts and index.ui.ts, which the browser imports", async () => {
    const pure = await objectionsTo("app/giving/receipts/index.ts", 'export { x } from "./server/receipts.server";');
    expect(pure.join("\n")).toContain("index.ts is the slice's pure public module");
    const ui = await objectionsTo("app/giving/receipts/index.ui.ts", 'export { x } from "./server/receipts.server";');
    expect(ui.join("\n")).toContain("index.ui.ts gives other slices this slice's components");
  });

  it("refuses another slice's components in server code, and the database in routes and components", async () => {
    const inServer = await objectionsTo(
      "app/giving/receipts/server/probe.server.ts",
      'import { x } from "~/giving/recurring/index.ui";',
    );
    expect(inServer.join("\n")).toContain("server/ holds the rules and the I/O");
    const inRoute = await objectionsTo("app/giving/receipts/routes/probe.tsx", 'import { sql as x } from "kysely";');
    expect(inRoute.join("\n")).toContain("Only server code speaks to the database");
    const inUi = await objectionsTo("app/ui/probe.tsx", 'import { x } from "~/lib/env.server";');
    expect(inUi.join("\n")).toContain("Components never call server code");
  });

  it("finds a file that would sit outside every ring's rules", () => {
    const strays = ["app/giving/receipts/helpers.ts", "app/giving/receipts/hooks", "app/giving/stray.ts"];
    mkdirSync(strays[1]!);
    writeFileSync(strays[0]!, "");
    writeFileSync(strays[2]!, "");
    try {
      const problems = sliceLayoutProblems().join("\n");
      expect(problems).toContain(
        "app/giving/receipts/helpers.ts: a slice holds only routes/, components/, server/, rules/, tests/",
      );
      expect(problems).toContain("app/giving/receipts/hooks: a slice holds only");
      expect(problems).toContain("app/giving/stray.ts: an area holds only its slices and a README");
    } finally {
      for (const stray of strays) rmSync(stray, { recursive: true, force: true });
    }
    expect(sliceLayoutProblems()).toEqual([]);
  });
});

describe("the shared folders", () => {
  it("refuses a feature in lib, which is infrastructure, but lets it read a slice's pure rules", async () => {
    const found = await objectionsTo("app/lib/probe.server.ts", 'import { x } from "~/content/settings/index.server";');
    expect(found.join("\n")).toContain("app/lib is infrastructure");
    expect(await objectionsTo("app/lib/probe.server.ts", 'import { x } from "~/content/settings";')).toEqual([]);
  });

  it("refuses a feature in the shared UI and in the shared vocabulary", async () => {
    expect((await objectionsTo("app/ui/probe.tsx", 'import { x } from "~/funds/funds";')).join("\n")).toContain(
      "app/ui is shared UI and imports no feature",
    );
    expect((await objectionsTo("app/shared/probe.ts", 'import { x } from "~/funds/funds";')).join("\n")).toContain(
      "imports only app/shared",
    );
  });

  it("refuses app code in db, so a migration stays as it ran", async () => {
    const found = await objectionsTo(
      "db/migrations/9999_probe.ts",
      'import { x } from "../../app/giving/receipts/server/receipt-tokens.server";',
    );
    expect(found.join("\n")).toContain("db/ (schema, migrations, seed) imports no app code");
  });
});

describe("the house rules", () => {
  it("wants a reason beside every rule switched off", async () => {
    const found = await objectionsTo(
      "app/lib/probe.server.ts",
      "// eslint-disable-next-line no-console\nconsole.log(1);",
    );
    expect(found.join("\n")).toContain("eslint-comments/require-description");
  });

  it("refuses skipped and focused tests", async () => {
    for (const code of [
      'it.skip("x", () => {});',
      'it.skipIf(true)("x", () => {});',
      'test.fixme("x", () => {});',
      'test.describe.only("x", () => {});',
    ]) {
      const found = await objectionsTo(
        "tests/integration/probe.test.ts",
        `import { it, test } from "vitest";\n${code}`,
      );
      expect(found.join("\n"), code).toContain("A skipped or focused test hides failures");
    }
  });
});
