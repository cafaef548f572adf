// How node starts the production server, wherever it is started: `npm start` (package.json),
// the Docker image (Dockerfile), `npm run bench` and the end-to-end tests. V8 reads them only
// when node starts, so they cannot be set from server.mjs. A small young generation clears a
// surge's short-lived garbage before it is promoted, and an old generation sized for what the
// server holds (its live heap is about 40 MiB) makes V8 collect before it grows the heap:
// see docs/decisions/119. tests/integration/server-node-flags.test.ts keeps the four alike.
export const SERVER_NODE_FLAGS = ["--max-semi-space-size=2", "--max-old-space-size=192"];
