# syntax=docker/dockerfile:1
# Coinlens server image: the Fastify server with the built web app it serves. One instance per container;
# deploy/compose.yaml runs two behind a load balancer (docs/deployment.md).

# ---- build: every dependency, then the workspaces' dist folders -------------------------------------------------
FROM node:20.20.2-bookworm-slim AS build
WORKDIR /app
# better-sqlite3 falls back to compiling when no prebuilt binary matches.
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
# The manifests first, so the dependency layer is reused while only sources change.
COPY package.json package-lock.json ./
COPY packages/contract/package.json packages/contract/
COPY packages/market-model/package.json packages/market-model/
COPY packages/market-simulator/package.json packages/market-simulator/
COPY packages/attack-lab/package.json packages/attack-lab/
COPY packages/score/package.json packages/score/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# ---- production-tree: production dependencies and build output only ---------------------------------------------
FROM build AS production-tree
RUN npm prune --omit=dev --no-audit --no-fund \
 && rm -rf e2e bench scripts docs deploy .ci \
      apps/server/src apps/server/test apps/web/src apps/web/public apps/web/budget apps/web/eslint-rules \
      packages/*/src \
 && find . -name '*.tsbuildinfo' -delete

# ---- runtime ----------------------------------------------------------------------------------------------------
FROM node:20.20.2-bookworm-slim AS runtime
# No heap cap here: the server sets V8's growth itself (1.5 × what is live, apps/server/src/config/heap-tuning.ts), and
# Node sizes V8's limit from the container's memory (a quarter of it, at least 256 MB of old generation). The server
# logs the limit it got at start (docs/deployment.md, "Capacity").
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=production-tree /app /app
# The embedded mode's SQLite file and uploads live in /data; production mode keeps nothing there but may
# override legal documents.
RUN mkdir -p /data && chown node:node /data
VOLUME ["/data"]
# The image's unprivileged user (uid 1000); the application files stay owned by root, read-only to it.
USER node
EXPOSE 8080
# Liveness only: a database or Redis outage must not get every container restarted (the load balancer uses
# /readyz to take an instance out of rotation instead).
HEALTHCHECK --interval=15s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT || 8080}/livez`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM from the runtime starts the server's graceful shutdown (SHUTDOWN_TIMEOUT_MS).
STOPSIGNAL SIGTERM
CMD ["node", "apps/server/dist/main.js"]
