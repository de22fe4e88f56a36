# syntax=docker/dockerfile:1
# The API image: built from the workspace, run on Node 24 LTS (the version package.json pins
# for every script and test) with only the API's production dependencies, as a non-root user.
# From the repository root:
#   docker build -f deploy/api.Dockerfile -t coldmail-api .
# It needs at run time: NODE_ENV=production, MONGODB_URI, GEMINI_KEYS_SECRET, SMTP_URL,
# FIREBASE_PROJECT_ID and the Firebase credentials, CORS_ORIGINS, PUBLIC_API_URL, TRUST_PROXY
# (README "Running in production" and deploy/README.md).
ARG NODE_VERSION=24.22.3

FROM node:${NODE_VERSION}-bookworm-slim AS build
WORKDIR /workspace
COPY . .
RUN npm ci --no-audit --no-fund \
 && NX_DAEMON=false npx nx run api:build --outputStyle=stream

FROM node:${NODE_VERSION}-bookworm-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000
WORKDIR /app
# The API's production dependencies only: its workspace packages are linked from their folders.
COPY --from=build /workspace/package.json /workspace/package-lock.json ./
COPY --from=build /workspace/api/package.json api/
COPY --from=build /workspace/libs/contracts/package.json libs/contracts/
COPY --from=build /workspace/libs/registry/package.json libs/registry/
COPY --from=build /workspace/tools/embedded-mongo/package.json tools/embedded-mongo/
# Scripts are not run: what they would build is copied from the build stage below.
RUN npm ci --omit=dev --workspace api --ignore-scripts --no-audit --no-fund \
 && npm cache clean --force
COPY --from=build /workspace/api/dist api/dist
COPY --from=build /workspace/libs/contracts/dist libs/contracts/dist
COPY --from=build /workspace/libs/registry libs/registry
COPY --from=build /workspace/tools/embedded-mongo/dist tools/embedded-mongo/dist
USER node
EXPOSE 3000
# Ready only once the database answers; the orchestrator stops sending requests when it fails.
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# Node is PID 1 and handles SIGTERM itself: readiness answers 503 for SHUTDOWN_DELAY_SECONDS,
# then the requests under way get SHUTDOWN_GRACE_SECONDS to finish (api/src/common/shutdown.ts).
STOPSIGNAL SIGTERM
CMD ["node", "api/dist/main.js"]
