import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { dataKeyProblem } from "~/applications/privacy/index.server";
import { dataKeyFile } from "~/lib/data-keys.server";
import { getDb } from "~/lib/db.server";
import { bootstrap, describeStartup } from "~/staff/startup/index.server";
import { byEngine, testEngine } from "../../../../tests/support/database-engine";
import { applyFor, KEY_A, KEY_B, useKeys } from "./privacy-fixtures";

/** Issue 31, decision 168: the site starts only with a data key that opens the personal data it holds. */
const clearApplications = async () => {
  for (const table of ["application_match_keys", "applications", "application_drafts", "outbound_mail"] as const)
    await getDb().deleteFrom(table).execute();
};
const removeKeyFile = () => {
  if (testEngine() === "sqlite") rmSync(dataKeyFile(), { force: true });
};

beforeEach(async () => {
  await clearApplications();
  useKeys({ DATA_ENCRYPTION_KEY: KEY_A });
  removeKeyFile();
});
afterEach(() => {
  useKeys({ DATA_ENCRYPTION_KEY: KEY_A });
  removeKeyFile();
});

describe("a site holding no applications", () => {
  it("starts without DATA_ENCRYPTION_KEY: on SQLite a key is made beside the database; PostgreSQL waits for one", async () => {
    useKeys({});
    expect(await dataKeyProblem()).toBeNull();
    if (testEngine() === "sqlite") {
      expect(readFileSync(dataKeyFile(), "utf8")).toMatch(/^[0-9a-f]{64}\n$/);
      // The next start keeps it.
      const made = readFileSync(dataKeyFile(), "utf8");
      expect(await dataKeyProblem()).toBeNull();
      expect(readFileSync(dataKeyFile(), "utf8")).toBe(made);
    }
  });
});

describe("a site holding applications", () => {
  it("starts with the key they were sealed with", async () => {
    await applyFor();
    expect(await dataKeyProblem()).toBeNull();
  });

  it("refuses to start with another key, and says which", async () => {
    const { ref } = await applyFor();
    useKeys({ DATA_ENCRYPTION_KEY: KEY_B });
    const problem = await dataKeyProblem();
    expect(problem).toContain("does not open the applicants' personal data");
    expect(problem).toContain(`application ${ref}`);
    expect(problem).toContain("DATA_ENCRYPTION_KEY");
    // The previous key named as an old one opens them again (a rotation under way).
    useKeys({ DATA_ENCRYPTION_KEY: KEY_B, DATA_ENCRYPTION_OLD_KEYS: KEY_A });
    expect(await dataKeyProblem()).toBeNull();
  });

  it("refuses to start with no key at all, and makes none (a new one would not open them)", async () => {
    await applyFor();
    useKeys({});
    const problem = await dataKeyProblem();
    expect(problem).toContain("no data key is set");
    expect(problem).toContain(
      byEngine({ sqlite: "put back the file", postgres: "the same on every process" }) as string,
    );
    if (testEngine() === "sqlite") expect(existsSync(dataKeyFile())).toBe(false);
  });

  it("starts with the key from the file beside the SQLite database, and not with a wrong one there", async () => {
    if (testEngine() !== "sqlite") return;
    await applyFor();
    writeFileSync(dataKeyFile(), `${KEY_A}\n`);
    useKeys({});
    expect(await dataKeyProblem()).toBeNull();
    writeFileSync(dataKeyFile(), `${KEY_B}\n`);
    useKeys({});
    expect(await dataKeyProblem()).toContain("does not open");
  });

  it("refuses the whole start-up with the reason", async () => {
    await applyFor();
    useKeys({ DATA_ENCRYPTION_KEY: KEY_B });
    await expect(bootstrap()).rejects.toMatchObject({
      name: "StartRefusedError",
      message: expect.stringContaining("does not open the applicants' personal data"),
    });
  });
});

describe("the start-up's report", () => {
  it("warns a PostgreSQL site without DATA_ENCRYPTION_KEY that it cannot take applications", async () => {
    useKeys({});
    const report = await bootstrap();
    const warning = describeStartup(report, "http://localhost:3000").find((line) =>
      line.includes("DATA_ENCRYPTION_KEY"),
    );
    if (testEngine() === "postgres")
      expect(warning).toMatch(/^WARNING: DATA_ENCRYPTION_KEY is not set: families' applications cannot be taken/);
    else expect(warning).toBeUndefined();
    useKeys({ DATA_ENCRYPTION_KEY: KEY_A });
    expect(describeStartup(report, "http://localhost:3000").join("\n")).not.toContain("DATA_ENCRYPTION_KEY");
  });
});
