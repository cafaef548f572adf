import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { missingFirstUseFiles, runtimeStage, startAssembledImage } from "./runtime-image";

/**
 * A foundation runs the Docker image, which cannot be built here: so the files its runtime
 * stage copies are assembled from this build into a read-only folder and started as the
 * image starts them. A file the image would lack fails here, not on the charity's server.
 */
test("the Docker image's runtime files, read-only and run by an unprivileged user, serve the site", async () => {
  test.setTimeout(90_000);
  const dockerfile = readFileSync("Dockerfile", "utf8");
  const stage = runtimeStage(dockerfile);
  expect(stage.workdir).toBe("/app");
  expect(stage.copies.length).toBeGreaterThan(0);

  const { server, app } = await startAssembledImage(dockerfile, path.resolve("."));
  try {
    const health = await fetch(`${server.baseUrl}/healthz`);
    expect(health.status, server.output()).toBe(200);
    const home = await fetch(`${server.baseUrl}/`);
    expect(home.status, server.output()).toBe(200);
    const html = await home.text();
    expect(html).toContain("</html>");
    // The page's own stylesheet comes from the copied build, as a visitor's browser asks for it.
    const stylesheet = /<link rel="stylesheet" href="(\/assets\/[^"]+\.css)"/.exec(html)?.[1];
    expect(stylesheet).toBeDefined();
    expect((await fetch(`${server.baseUrl}${stylesheet}`)).status).toBe(200);
    // What is only loaded once someone needs it (the PDF worker, image and upload tools) is there too.
    expect(missingFirstUseFiles(app)).toEqual([]);
    expect(server.output()).not.toMatch(/EACCES|EROFS|Error:/);
  } finally {
    await server.stop();
  }
});
