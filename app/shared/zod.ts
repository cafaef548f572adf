import { z } from "zod";
import { config } from "zod/v4/core";

/**
 * The site's zod, for every shared schema. The Content-Security-Policy allows no eval,
 * so zod's compiled fast path stays off: otherwise, as each schema is built, zod probes
 * `new Function` and the browser reports a CSP violation. Importing `z` from here sets
 * that before any schema exists; validation is the same, only without the shortcut.
 */
// A side effect the bundler must keep: package.json lists this file under "sideEffects".
config({ jitless: true });

export { z };
