// The production server: one Node process serving pages, the admin area, the JSON API
// and static assets. `npm start` runs scripts/start.mjs, which builds when needed and
// then loads this file.
import compression from "compression";
import express from "express";
import { createRequestHandler } from "@react-router/express";

process.env.NODE_ENV ??= "production";

const build = await import("./build/server/index.js");
const { bootstrap, describeStartup, getEnv, getLoadContext, closeDb, securityHeadersFor } = build.entry.module;

let env;
try {
  env = getEnv();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  console.error("Fix the environment variables above (see README, 'Configuration') and start again.");
  process.exit(1);
}

const report = await bootstrap();

const app = express();
app.disable("x-powered-by");
if (env.TRUST_PROXY) app.set("trust proxy", true);

app.use((req, res, next) => {
  for (const [name, value] of Object.entries(securityHeadersFor(req.path, req.secure))) res.setHeader(name, value);
  next();
});
app.use(compression());

// Vite fingerprints everything under /assets, so it may be cached for good.
app.use("/assets", express.static("build/client/assets", { immutable: true, maxAge: "1y", index: false }));
app.use(express.static("build/client", { maxAge: "1h", index: false }));

app.use(
  createRequestHandler({
    build,
    mode: "production",
    getLoadContext: (req) => getLoadContext(req.ip),
  }),
);

const server = app.listen(env.PORT, env.HOST, () => {
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : env.PORT;
  const siteUrl = env.PUBLIC_URL ?? `http://${env.HOST === "0.0.0.0" || env.HOST === "::" ? "localhost" : env.HOST}:${port}`;
  for (const line of describeStartup(report, siteUrl)) console.log(line);
  console.log(`Charity site listening on ${siteUrl}`);
});

function shutDown(signal) {
  console.log(`${signal} received: closing the server`);
  server.close(async () => {
    await closeDb();
    process.exit(0);
  });
  // Keep-alive connections must not hold the process open for ever.
  setTimeout(() => process.exit(0), 5000).unref();
}
process.on("SIGTERM", () => shutDown("SIGTERM"));
process.on("SIGINT", () => shutDown("SIGINT"));
