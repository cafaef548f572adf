// `npm run admin:password -- <username> [--generate]` (in the Docker image:
// `node scripts/admin-password.mjs <username>`): sets a new admin password.
// It runs the compiled app, so it works wherever the site itself runs.
import { ensureBuild } from "./ensure-build.mjs";

ensureBuild();
process.env.NODE_ENV ||= "production";
const build = await import("../build/server/index.js");
process.exitCode = await build.entry.module.runAdminPasswordCli(process.argv.slice(2));
