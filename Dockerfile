# syntax=docker/dockerfile:1
#
# Production image of the charity site: one Node process (server.mjs) serving pages,
# the admin area, the JSON API and static assets, with SQLite and uploads on volumes.
#
#   docker build -t charity-site .
#   docker run -p 3000:3000 -v charity-data:/data -v charity-uploads:/uploads \
#     -e ADMIN_USERNAME=admin -e ADMIN_PASSWORD='a long password' charity-site

# ---------------------------------------------------------------------------
# deps: every dependency, dev ones included (the build needs Vite and React Router's CLI).
# ---------------------------------------------------------------------------
FROM node:20-bookworm-slim AS deps
# better-sqlite3 compiles its native addon from source when no prebuilt binary fits,
# so the toolchain must be here. It stays in this stage and never reaches the runtime.
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
# Only the manifests first, so this slow layer is reused until dependencies change.
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund

# ---------------------------------------------------------------------------
# build: compile the site, then drop dev dependencies from node_modules.
# ---------------------------------------------------------------------------
FROM deps AS build
# .dockerignore keeps node_modules, build output, databases and uploads out of the context.
COPY . .
RUN npm run build \
 && npm prune --omit=dev --no-audit --no-fund

# ---------------------------------------------------------------------------
# runtime: Node, the pruned node_modules and the build; no compilers, no sources.
# ---------------------------------------------------------------------------
# Same base as the deps stage so the better-sqlite3 binary matches glibc and Node's ABI.
FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production \
    DATABASE_URL=file:/data/charity.sqlite \
    UPLOADS_DIR=/uploads \
    PORT=3000 \
    HOST=0.0.0.0
WORKDIR /app

# The application files stay owned by root: the `node` user can read them but not change them.
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY --from=build /app/server.mjs ./server.mjs
# Worker threads start from files of their own, outside the build (the PDF rewrite of proofs).
COPY --from=build /app/workers ./workers
COPY --from=build /app/scripts/start.mjs /app/scripts/ensure-build.mjs /app/scripts/admin-password.mjs /app/scripts/rotate-data-key.mjs ./scripts/

# The only writable places: the database (plus the session secret generated beside it
# when SESSION_SECRET is unset) and uploaded media. They must exist with the right owner
# before VOLUME, since changes made to a volume path after VOLUME are discarded.
RUN mkdir -p /data /uploads && chown node:node /data /uploads
VOLUME ["/data", "/uploads"]

USER node
EXPOSE 3000

# The slim image has no curl; Node 20's built-in fetch does the probe. /healthz answers
# 200 only when the database answers. start-period leaves time for migrations and seeding.
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.status===200?0:1)).catch(()=>process.exit(1))"

# server.mjs directly rather than `npm start`: scripts/start.mjs would check whether a
# rebuild is needed, and the image has neither the sources nor the dev tools to rebuild.
# Running node without npm also lets SIGTERM reach server.mjs, which shuts down cleanly.
# Node's flags are those of `npm start` (scripts/server-node-flags.mjs, docs/decisions/119).
CMD ["node", "--max-semi-space-size=2", "--max-old-space-size=192", "server.mjs"]
