// The production server: one Node process serving pages, the admin area, the JSON API
// and static assets. `npm start` runs scripts/start.mjs, which builds when needed and
// then loads this file; the Docker image runs it directly.

// React picks its production or development build when first imported, so the mode must
// be set before anything loads it: every import below is dynamic for that reason.
process.env.NODE_ENV ||= "production";

const { createServer } = await import("node:http");
const { default: express } = await import("express");
const { default: compression } = await import("compression");
const build = await import("./build/server/index.js");
const {
  bootstrap,
  describeStartup,
  getEnv,
  getLoadContext,
  closeDb,
  securityHeadersFor,
  requestBodyProblem,
  answersWithPage,
  bodyProblemPage,
  createExpressRequestHandler,
  withKeptPages,
  startMailDelivery,
  startRamadanCharges,
  startZakatReminders,
  startApplicationRetention,
  startApplicationDocumentDeadlines,
} = build.entry.module;

let env;
try {
  env = getEnv();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  console.error("Fix the environment variables above (see docs/configuration.md) and start again.");
  process.exit(1);
}

let report;
try {
  report = await bootstrap();
} catch (error) {
  // A start refused on purpose (live payments on the demo's money) says what to do; anything else is a bug to see
  // whole.
  if (!(error instanceof Error && error.name === "StartRefusedError")) throw error;
  console.error(error.message);
  process.exit(1);
}

const app = express();
app.disable("x-powered-by");
// One proxy hop: the address it saw is the client's; anything further left is the client's own claim.
if (env.TRUST_PROXY) app.set("trust proxy", 1);

app.use((req, res, next) => {
  for (const [name, value] of Object.entries(securityHeadersFor(req.path, req.secure))) res.setHeader(name, value);
  next();
});

// Bodies are refused before anything reads them when they are larger than a route accepts.
app.use((req, res, next) => {
  const problem = requestBodyProblem(
    req.method,
    req.path,
    req.headers["content-length"],
    req.headers["transfer-encoding"],
  );
  if (!problem) return next();
  if (problem.status === 413 && answersWithPage(req.path, req.headers.accept)) {
    res
      .status(413)
      .type("html")
      .send(bodyProblemPage(problem, req.headers.referer, req.headers.host));
    return;
  }
  res.status(problem.status).json({ detail: problem.detail });
});

app.use(compression());

// Vite fingerprints everything under /assets, so it may be cached for good.
app.use("/assets", express.static("build/client/assets", { immutable: true, maxAge: "1y", index: false }));
app.use(express.static("build/client", { maxAge: "1h", index: false }));

// React Router's own Express adapter, but for how bodies are written (see express-adapter.server.ts).
app.use(createExpressRequestHandler(build, (req) => getLoadContext(req.ip)));

// A visitor's read of a page the app keeps rendered (see app/lib/page-cache) is answered
// before Express: under a surge most requests end here, at the speed of the machine.
const server = createServer(withKeptPages(app, Boolean(env.TRUST_PROXY)));

// When the port cannot be had (already in use, not allowed): say so and stop, rather than
// announce a site that is not there.
server.once("error", (error) => {
  console.error(`Could not listen on ${env.HOST}:${env.PORT}: ${error.message}`);
  process.exit(1);
});
server.listen(env.PORT, env.HOST, () => {
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : env.PORT;
  const siteUrl =
    env.PUBLIC_URL ?? `http://${env.HOST === "0.0.0.0" || env.HOST === "::" ? "localhost" : env.HOST}:${port}`;
  for (const line of describeStartup(report, siteUrl)) console.log(line);
  console.log(`Charity site listening on ${siteUrl}`);
});

// Queued mail goes out from this process (only with SMTP_URL; otherwise it waits in the Outbox).
const stopMailDelivery = startMailDelivery();
// Ramadan's nights are charged from this process, a round a minute, with or without SMTP.
const stopRamadanCharges = startRamadanCharges();
// Zakat reminders are queued from this process too, with or without SMTP (kept in the Outbox without it).
const stopZakatReminders = startZakatReminders();
// Applicants' personal data is erased from this process once its retention period has passed (decision 170).
const stopApplicationRetention = startApplicationRetention();
// Families' document deadlines (a reminder two days before, a lapse after) are kept from this process too.
const stopApplicationDocumentDeadlines = startApplicationDocumentDeadlines();

async function shutDown(signal) {
  console.log(`${signal} received: closing the server`);
  // Keep-alive connections must not hold the process open for ever.
  setTimeout(() => process.exit(0), 5000).unref();
  // The message being sent is finished and recorded before the database closes.
  await stopApplicationRetention();
  await stopZakatReminders();
  await stopApplicationDocumentDeadlines();
  await stopRamadanCharges();
  await stopMailDelivery();
  server.close(async () => {
    await closeDb();
    process.exit(0);
  });
}
process.on("SIGTERM", () => shutDown("SIGTERM"));
process.on("SIGINT", () => shutDown("SIGINT"));
