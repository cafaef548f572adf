// `npm start`: builds the site when the build is missing or older than the sources,
// then starts the production server.
import { ensureBuild } from "./ensure-build.mjs";

ensureBuild();
process.env.NODE_ENV ||= "production";
await import("../server.mjs");
