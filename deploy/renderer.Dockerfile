# syntax=docker/dockerfile:1
# The shell's page renderer (shell/server): the public pages answered as HTML with their content,
# drawn by each remote's server entry, which it loads from the remote's deployment at run time.
# nginx in front of the shell sends it the requests for pages (deploy/nginx/page-locations.conf.template,
# RENDERER_URL of the shell's image) and serves the shell's index.html itself whenever the
# renderer leaves a page to the browser or cannot be reached. From the repository root:
#   docker build -f deploy/renderer.Dockerfile -t coldmail-renderer .
# At run time mount the site's config.json and remotes.json into /etc/coldmail, as for the shell;
# API_INTERNAL_URL is where it reaches the API (default: config.json's apiBaseUrl) and SITE_URL
# the site's public origin for canonical URLs (default: the request's, as nginx forwards it).
ARG NODE_VERSION=24.22.3

FROM node:${NODE_VERSION}-bookworm-slim AS build
WORKDIR /workspace
COPY . .
RUN npm ci --no-audit --no-fund \
 && NX_DAEMON=false npx nx run shell:build --outputStyle=stream

FROM node:${NODE_VERSION}-bookworm-slim AS runtime
ENV NODE_ENV=production \
    LISTEN=8081 \
    SETTINGS_DIR=/etc/coldmail \
    DIST_DIR=/srv/shell/dist
WORKDIR /srv/shell
# Node alone: the renderer imports nothing but Node's own modules, and the shell's server entry
# (dist/server/entry.mjs) carries everything it needs. The same build as the shell's image.
COPY --from=build /workspace/shell/server/api-reads.mjs /workspace/shell/server/document.mjs /workspace/shell/server/http.mjs /workspace/shell/server/main.mjs /workspace/shell/server/remote-files.mjs /workspace/shell/server/renderer.mjs /workspace/shell/server/service.mjs server/
COPY --from=build /workspace/shell/dist dist
USER node
EXPOSE 8081
HEALTHCHECK --interval=10s --timeout=3s --start-period=10s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.LISTEN||8081)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# Node is PID 1 and handles SIGTERM: readiness answers 503, the pages under way finish.
STOPSIGNAL SIGTERM
CMD ["node", "server/main.mjs"]
