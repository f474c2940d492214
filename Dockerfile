# One image for the whole shop: the API serving the built web app on one port.
FROM node:24-bookworm-slim AS build
WORKDIR /app
RUN npm install -g pnpm@10.34.9
COPY . .
RUN pnpm install --frozen-lockfile \
 && pnpm build \
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
RUN mkdir -p /data/uploads /backups && chown -R node:node /data /backups
USER node
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=3s --start-period=20s \
  CMD node -e "fetch('http://127.0.0.1:3000/api/health').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
CMD ["node", "--max-old-space-size=144", "--max-semi-space-size=8", "dist/index.js"]
