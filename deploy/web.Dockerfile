# syntax=docker/dockerfile:1
# One web app's image, the shell or a remote: its production build served by Debian's nginx with
# deploy/nginx (the configuration the browser tests run), Node only to render it at start. Each
# team builds and deploys its own; from the repository root:
#   docker build -f deploy/web.Dockerfile --build-arg APP=shell --build-arg APP_DIR=shell -t coldmail-shell .
#   docker build -f deploy/web.Dockerfile --build-arg APP=checkout --build-arg APP_DIR=mf-checkout -t coldmail-checkout .
# At run time mount the site's config.json and remotes.json into /etc/coldmail (examples beside
# this file); APP names the app to the start script.
ARG NODE_VERSION=24.22.3

FROM node:${NODE_VERSION}-bookworm-slim AS build
ARG APP_DIR
WORKDIR /workspace
COPY . .
RUN test -n "$APP_DIR" \
 && npm ci --no-audit --no-fund \
 && NX_DAEMON=false npx nx run "$APP_DIR:build" --outputStyle=stream

FROM node:${NODE_VERSION}-bookworm-slim AS node

FROM debian:bookworm-slim AS runtime
ARG APP
ARG APP_DIR
RUN apt-get update \
 && apt-get install -y --no-install-recommends nginx-light libnginx-mod-http-brotli-static \
 && rm -rf /var/lib/apt/lists/* /etc/nginx/sites-enabled /etc/nginx/conf.d/* \
 && mkdir -p /run/nginx /etc/coldmail
COPY --from=node /usr/local/bin/node /usr/local/bin/node
COPY deploy/nginx /opt/coldmail/deploy/nginx
COPY deploy/nginx/nginx.conf /etc/nginx/nginx.conf
COPY tools/serve/csp.mjs tools/serve/headers.mjs tools/serve/nginx.mjs tools/serve/nginx-site.mjs tools/serve/ports.mjs /opt/coldmail/tools/serve/
COPY --from=build /workspace/${APP_DIR}/dist /srv/app
ENV APP=${APP} LISTEN=8080
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.LISTEN||8080)+'/index.html').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# nginx finishes the requests under way on SIGQUIT.
STOPSIGNAL SIGQUIT
CMD ["sh", "-c", "node /opt/coldmail/tools/serve/nginx-site.mjs && exec nginx"]
