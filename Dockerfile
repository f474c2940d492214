# One image for the whole shop (the shop's replicas, the index step and the backups): the API
# serving the built web app on one port, and the commands in dist/cli.
FROM node:24-bookworm-slim AS build
WORKDIR /app
RUN npm install -g pnpm@10.34.9
# The dependencies first, from the lockfile alone: a change to the code reuses this layer.
COPY pnpm-lock.yaml pnpm-workspace.yaml .npmrc ./
RUN pnpm fetch
COPY . .
RUN pnpm install --frozen-lockfile --offline
# /api/health reports it; compose passes SHOP_VERSION (scripts/upgrade.sh sets it from git).
ARG SHOP_VERSION=unknown
RUN SHOP_VERSION=$SHOP_VERSION pnpm build \
 && pnpm --filter @vanya/api deploy --prod --legacy /out

FROM node:24-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production \
    PORT=3000 \
    SERVE_WEB=true \
    WEB_DIST_DIR=/app/web \
    UPLOAD_DIR=/data/uploads \
    DATA_DIR=/data \
    UV_THREADPOOL_SIZE=4
COPY --from=build /out/package.json ./package.json
COPY --from=build /out/node_modules ./node_modules
COPY --from=build /app/apps/api/dist ./dist
COPY --from=build /app/apps/api/assets ./assets
COPY --from=build /app/apps/web/dist ./web
# The web's server bundle, beside it: the API renders the pages for its catalogue with it.
COPY --from=build /app/apps/web/.ssr ./.ssr
COPY scripts/backup.sh scripts/restore.sh ./scripts/
RUN mkdir -p /data/uploads /backups && chown -R node:node /data /backups
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=5s --start-period=30s \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "dist/index.js"]
