import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { SERVER_NODE_FLAGS } from "../../scripts/server-node-flags.mjs";

/**
 * The server's memory under a surge depends on how node is started (decision 119): `npm
 * start`, the Docker image, the bench and the end-to-end tests must start it alike, or the
 * bench measures a server nobody runs.
 */
describe("node's flags for the server", () => {
  it("are the same for npm start and the Docker image as the bench and the tests use", () => {
    expect(SERVER_NODE_FLAGS).toContain("--max-semi-space-size=2");
    const packageJson = JSON.parse(readFileSync("package.json", "utf8")) as { scripts: { start: string } };
    expect(packageJson.scripts.start).toBe(`node ${SERVER_NODE_FLAGS.join(" ")} scripts/start.mjs`);
    const command = /^CMD (\[.*\])$/m.exec(readFileSync("Dockerfile", "utf8"))?.[1];
    expect(JSON.parse(command ?? "[]")).toEqual(["node", ...SERVER_NODE_FLAGS, "server.mjs"]);
    expect(readFileSync("playwright.config.ts", "utf8")).toContain(
      'command: `node ${SERVER_NODE_FLAGS.join(" ")} server.mjs`',
    );
  });
});
