// `npm run rotate-data-key` (in the Docker image: `node scripts/rotate-data-key.mjs`): seals every
// applicant's personal value again with a new data key (NEW_DATA_ENCRYPTION_KEY, or one made and
// printed), resumable, then says what to set (docs/going-live.md, decision 168).
// It runs the compiled app, so it works wherever the site itself runs.
import { ensureBuild } from "./ensure-build.mjs";

ensureBuild();
process.env.NODE_ENV ||= "production";
const build = await import("../build/server/index.js");
process.exitCode = await build.entry.module.runRotateDataKeyCli();
