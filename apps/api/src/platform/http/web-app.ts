import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { Router } from 'express';
import type { Request, Response } from 'express';

/**
 * Serves the built web app (apps/web/dist) so that one process on one port is the whole shop.
 *
 * Every file of dist is read once, at start-up, into a table: its bytes, its brotli and gzip
 * variants (made by the web build, `name.br` and `name.gz` beside it), and each variant's headers
 * and ETag, computed once. A request is then a table lookup and one write: no stat, no stream.
 * - Accept-Encoding decides the variant: br when accepted, else gzip, else the file itself; every
 *   file that has variants answers with `Vary: Accept-Encoding`.
 * - Caching: hashed `/assets/*` for a year (immutable); index.html and the single-page fallback
 *   `no-cache` (revalidated by ETag); robots.txt and sitemap.xml an hour; media and every other
 *   file a week, then served stale for a day while the browser revalidates.
 * - Any other GET that asks for HTML gets index.html (the web router shows its own not-found
 *   page); a missing file under /assets is a 404, never the page.
 */

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.pdf': 'application/pdf',
};

export const CACHE_ASSETS = 'public, max-age=31536000, immutable';
export const CACHE_HTML = 'no-cache';
export const CACHE_CRAWLER_FILES = 'public, max-age=3600';
export const CACHE_MEDIA = 'public, max-age=604800, stale-while-revalidate=86400';

type Encoding = 'br' | 'gzip' | 'identity';

interface Variant {
  body: Buffer;
  etag: string;
  /** Every header of a 200 answer, set in one call. */
  headers: Record<string, string>;
  /** The headers of a 304 answer. */
  notModified: Record<string, string>;
}

interface Entry {
  identity: Variant;
  br?: Variant;
  gzip?: Variant;
  /** Media answer byte ranges (a <video> asks for them). */
  ranges: boolean;
}

function cacheControl(urlPath: string): string {
  if (urlPath.startsWith('/assets/')) return CACHE_ASSETS;
  if (urlPath.endsWith('.html')) return CACHE_HTML;
  if (urlPath === '/robots.txt' || urlPath === '/sitemap.xml') return CACHE_CRAWLER_FILES;
  return CACHE_MEDIA;
}

function variant(
  body: Buffer,
  type: string,
  cache: string,
  encoding: Encoding,
  vary: boolean,
  ranges: boolean,
): Variant {
  const hash = createHash('sha1').update(body).digest('base64url').slice(0, 22);
  // Each variant has its own ETag: a cache must never answer gzip bytes to a br request.
  const etag = `"${body.length.toString(16)}-${hash}${encoding === 'identity' ? '' : `-${encoding}`}"`;
  const common: Record<string, string> = { 'Cache-Control': cache, ETag: etag };
  if (vary) common.Vary = 'Accept-Encoding';
  const headers: Record<string, string> = {
    ...common,
    'Content-Type': type,
    'Content-Length': String(body.length),
  };
  if (encoding !== 'identity') headers['Content-Encoding'] = encoding;
  if (ranges) headers['Accept-Ranges'] = 'bytes';
  return { body, etag, headers, notModified: common };
}

function listFiles(dir: string, prefix = ''): string[] {
  const out: string[] = [];
  for (const item of readdirSync(dir, { withFileTypes: true })) {
    if (item.name.startsWith('.')) continue;
    const rel = `${prefix}/${item.name}`;
    if (item.isDirectory()) out.push(...listFiles(path.join(dir, item.name), rel));
    else if (item.isFile()) out.push(rel);
  }
  return out;
}

/** The table of dist: URL path -> its variants. Variants older than their file are ignored. */
export function loadWebFiles(distDir: string): Map<string, Entry> {
  const table = new Map<string, Entry>();
  const files = listFiles(distDir);
  const present = new Set(files);
  for (const rel of files) {
    if (rel.endsWith('.br') || rel.endsWith('.gz')) {
      if (present.has(rel.slice(0, -3))) continue;
    }
    const file = path.join(distDir, rel);
    const ext = path.extname(rel).toLowerCase();
    const type = TYPES[ext] ?? 'application/octet-stream';
    const cache = cacheControl(rel);
    const mtime = statSync(file).mtimeMs;
    const compressed = (suffix: string) =>
      present.has(rel + suffix) && statSync(file + suffix).mtimeMs >= mtime
        ? readFileSync(file + suffix)
        : undefined;
    const br = compressed('.br');
    const gzip = compressed('.gz');
    const vary = Boolean(br ?? gzip);
    const ranges = type.startsWith('video/') || type.startsWith('audio/');
    table.set(rel, {
      identity: variant(readFileSync(file), type, cache, 'identity', vary, ranges),
      br: br && variant(br, type, cache, 'br', vary, false),
      gzip: gzip && variant(gzip, type, cache, 'gzip', vary, false),
      ranges,
    });
  }
  return table;
}

/** br, then gzip, then the file itself, as far as the client accepts them (q=0 refuses). */
export function chooseEncoding(
  acceptEncoding: string | undefined,
  entry: Pick<Entry, 'br' | 'gzip'> | { br?: unknown; gzip?: unknown },
): Encoding {
  if (!acceptEncoding || (!entry.br && !entry.gzip)) return 'identity';
  let br = false;
  let gzip = false;
  let star = false;
  for (const part of acceptEncoding.split(',')) {
    const [rawName, ...params] = part.split(';');
    const name = rawName!.trim().toLowerCase();
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const accepted = q === undefined || Number(q.slice(2)) > 0;
    if (name === 'br') br = accepted;
    else if (name === 'gzip' || name === 'x-gzip') gzip = accepted;
    else if (name === '*') star = accepted;
  }
  if (entry.br && (br || (star && !/\bbr\b/i.test(acceptEncoding)))) return 'br';
  if (entry.gzip && (gzip || (star && !/gzip/i.test(acceptEncoding)))) return 'gzip';
  return 'identity';
}

/** Whether the client holds these bytes: If-None-Match is `*` or names this ETag (weakly compared). */
export function fresh(req: Pick<Request, 'headers'>, etag: string): boolean {
  const header = req.headers['if-none-match'];
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return (t.startsWith('W/') ? t.slice(2) : t) === etag;
  });
}

function sendRange(req: Request, res: Response, v: Variant): boolean {
  const range = req.headers.range;
  if (!range) return false;
  const match = /^bytes=(\d*)-(\d*)$/.exec(range.trim());
  const size = v.body.length;
  if (!match || (match[1] === '' && match[2] === '')) return false; // several ranges: whole file
  let start: number;
  let end: number;
  if (match[1] === '') {
    start = Math.max(0, size - Number(match[2]));
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  if (start > end || start >= size) {
    res
      .status(416)
      .set({ 'Content-Range': `bytes */${size}` })
      .end();
    return true;
  }
  res.status(206).set({
    ...v.headers,
    'Content-Range': `bytes ${start}-${end}/${size}`,
    'Content-Length': String(end - start + 1),
  });
  res.end(req.method === 'HEAD' ? undefined : v.body.subarray(start, end + 1));
  return true;
}

function send(req: Request, res: Response, entry: Entry): void {
  const encoding = chooseEncoding(req.headers['accept-encoding'], entry);
  const v = entry[encoding] ?? entry.identity;
  if (fresh(req, v.etag)) {
    const prior = res.getHeader('Vary');
    res.status(304).set(v.notModified);
    if (prior && v.headers.Vary) res.setHeader('Vary', `${String(prior)}, Accept-Encoding`);
    res.end();
    return;
  }
  if (entry.ranges && encoding === 'identity' && sendRange(req, res, v)) return;
  // CORS may have said Vary: Origin already; Accept-Encoding joins it.
  const prior = res.getHeader('Vary');
  res.status(200).set(v.headers);
  if (prior && v.headers.Vary) res.setHeader('Vary', `${String(prior)}, Accept-Encoding`);
  res.end(req.method === 'HEAD' ? undefined : v.body);
}

/** The web app's files and the single-page fallback (undefined when dist has no index.html). */
export function webAppRoutes(distDir: string): Router | undefined {
  const indexFile = path.join(distDir, 'index.html');
  if (!existsSync(indexFile)) return undefined;
  const table = loadWebFiles(distDir);
  const index = table.get('/index.html')!;
  const router = Router();
  router.use((req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    let urlPath: string;
    try {
      urlPath = decodeURIComponent(req.path);
    } catch {
      return next();
    }
    const entry = urlPath === '/' ? undefined : table.get(urlPath);
    if (entry) return send(req, res, entry);
    if (urlPath.startsWith('/assets/')) {
      res.status(404).type('text/plain').end('Not found');
      return;
    }
    if (/^\/(api|uploads)(\/|$)/.test(urlPath) || !req.accepts('html')) return next();
    send(req, res, index);
  });
  return router;
}
