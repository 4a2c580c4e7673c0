# Tollgate's container image. It was NOT built on the machines where Tollgate is developed (they
# cannot run Docker), so it runs nothing that the tests do not run: the build stage calls
# scripts/build.sh, the runtime stage starts `node server/main.ts` and checks health with
# server/healthcheck.ts; test/ops/production-install.test.ts runs those the same way on a clean
# directory and checks that this file still calls them.
#
#   docker build -t tollgate .
#   docker run -p 8080:8080 -v tollgate-data:/data -e TOLLGATE_ADMIN_PASSWORD=… tollgate
ARG NODE_IMAGE=node:24-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /src
COPY package.json package-lock.json ./
COPY client/package.json client/
# Every dependency, for the console build; no install scripts (the image's Node 24 replaces the
# pinned `node` package, and no package the build uses needs one).
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY . .
RUN scripts/build.sh /app

FROM ${NODE_IMAGE}
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    TOLLGATE_DATA_DIR=/data
WORKDIR /app
# Owned by root and read-only to the server: it writes only to /data.
COPY --from=build /app /app
RUN mkdir -p /data && chown node:node /data && chmod 700 /data
USER node
VOLUME ["/data"]
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=5s --start-period=30s --retries=3 CMD ["node", "server/healthcheck.ts"]
# The server is PID 1 and handles SIGTERM itself (drain, then exit); give `docker stop -t` (or
# compose's stop_grace_period) more time than TOLLGATE_DRAIN_MS. `--init` / `init: true` adds an
# init that forwards signals and reaps, if wanted.
STOPSIGNAL SIGTERM
CMD ["node", "server/main.ts"]
