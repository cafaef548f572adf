import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

/**
 * The rings and areas hold only while the linter refuses what climbs them: each case
 * lints one import as if written in the named file and reads which rules object.
 */
const eslint = new ESLint({ cwd: process.cwd() });

async function objectionsTo(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport const probe = [x];\n`, { filePath });
  return (result?.messages ?? []).map((message) => `${message.ruleId}: ${message.message}`);
}

const RINGS = "import-x/no-restricted-paths";

describe("the rings", () => {
  it("refuses a service in lib, which is infrastructure", async () => {
    const found = await objectionsTo("app/lib/probe.server.ts", 'import { x } from "~/services/content";');
    expect(found.join("\n")).toContain(`${RINGS}: Unexpected path "~/services/content" imported in restricted zone. lib/ is infrastructure`);
  });

  it("refuses a service reached by a relative path too", async () => {
    const found = await objectionsTo("app/lib/probe.server.ts", 'import { x } from "../services/staff/admins.server";');
    expect(found.join("\n")).toContain("lib/ is infrastructure");
  });

  it("refuses server code, React and Node built-ins in domain, which the browser runs", async () => {
    expect((await objectionsTo("app/domain/giving/probe.ts", 'import { x } from "~/lib/db.server";')).join("\n")).toContain("domain/ is pure");
    expect((await objectionsTo("app/domain/giving/probe.ts", 'import { x } from "react";')).join("\n")).toContain("no React");
    expect((await objectionsTo("app/domain/giving/probe.ts", 'import { x } from "node:crypto";')).join("\n")).toContain("no Node built-ins");
    expect((await objectionsTo("app/domain/giving/probe.ts", 'import { x } from "crypto";')).join("\n")).toContain("no Node built-ins");
    expect((await objectionsTo("app/domain/giving/probe.ts", 'import { x } from "kysely";')).join("\n")).toContain("belong in services/ or lib/");
    expect((await objectionsTo("app/domain/giving/probe.ts", 'import { x } from "stripe";')).join("\n")).toContain("belong in services/ or lib/");
    expect((await objectionsTo("app/domain/giving/probe.tsx", 'import { x } from "react";')).join("\n")).toContain("no React");
  });

  it("refuses app code in db, so a migration stays as it ran", async () => {
    const found = await objectionsTo("db/migrations/9999_probe.ts", 'import { x } from "../../app/services/giving/receipt-tokens.server";');
    expect(found.join("\n")).toContain("db/ (schema, migrations, seed) imports no app code");
  });

  it("refuses the UI in services and services in components", async () => {
    expect((await objectionsTo("app/services/content/probe.server.ts", 'import { x } from "~/routes/home";')).join("\n")).toContain("Services hold the rules");
    expect((await objectionsTo("app/components/content/probe.tsx", 'import { x } from "~/services/content";')).join("\n")).toContain("never call services");
  });
});

describe("the areas", () => {
  it("refuses another area's internals and accepts its index", async () => {
    const internal = await objectionsTo("app/services/giving/probe.server.ts", 'import { x } from "~/services/content/settings.server";');
    expect(internal.join("\n")).toContain("The giving area uses content only through services/content/index.ts");
    expect(await objectionsTo("app/services/giving/probe.server.ts", 'import { x } from "~/services/content";')).toEqual([]);
  });

  it("lets an area use its own modules and the shared vocabulary", async () => {
    expect(await objectionsTo("app/services/giving/probe.server.ts", 'import { x } from "./receipts.server";')).toEqual([]);
    expect(await objectionsTo("app/domain/giving/probe.ts", 'import { x } from "~/domain/shared/money";')).toEqual([]);
  });

  it("refuses another area's domain internals in a service, and an area in the shared vocabulary", async () => {
    const found = await objectionsTo("app/services/donors/probe.server.ts", 'import { x } from "~/domain/giving/receipts";');
    expect(found.join("\n")).toContain("The donors area reads the giving domain only through its index (~/domain/giving)");
    const noIndex = await objectionsTo("app/services/giving/probe.server.ts", 'import { x } from "~/domain/donors/my-giving";');
    expect(noIndex.join("\n")).toContain("through an index: add app/domain/donors/index.ts exporting what is needed");
    expect((await objectionsTo("app/domain/shared/probe.ts", 'import { x } from "~/domain/giving";')).join("\n")).toContain("imports no area");
  });

  it("sends routes to a service area's index, while they may read domain modules directly", async () => {
    const found = await objectionsTo("app/routes/probe.tsx", 'import { x } from "~/services/giving/gift-recording.server";');
    expect(found.join("\n")).toContain("Use the giving area through its index");
    expect(await objectionsTo("app/routes/probe.tsx", 'import { x } from "~/domain/giving/receipts";')).toEqual([]);
  });
});

describe("the house rules", () => {
  it("wants a reason beside every rule switched off", async () => {
    const found = await objectionsTo("app/lib/probe.server.ts", "// eslint-disable-next-line no-console\nconsole.log(1);");
    expect(found.join("\n")).toContain("eslint-comments/require-description");
  });

  it("refuses skipped and focused tests", async () => {
    for (const code of ['it.skip("x", () => {});', 'it.skipIf(true)("x", () => {});', 'test.fixme("x", () => {});', 'test.describe.only("x", () => {});']) {
      const found = await objectionsTo("tests/integration/probe.test.ts", `import { it, test } from "vitest";\n${code}`);
      expect(found.join("\n"), code).toContain("A skipped or focused test hides failures");
    }
  });
});
