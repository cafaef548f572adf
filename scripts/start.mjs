// `npm start`: builds the site when the build is missing or older than the sources,
// then starts the production server. package.json starts node with --max-semi-space-size=2:
// V8 takes its heap sizes only when node starts, so the flag cannot be set from here
// (see docs/decisions/119).
import { ensureBuild } from "./ensure-build.mjs";

ensureBuild();
process.env.NODE_ENV ||= "production";
await import("../server.mjs");
