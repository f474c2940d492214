import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Router } from 'express';
import type { NextFunction, Request, Response } from 'express';
import expressStaticGzip from 'express-static-gzip';
import { preparedAnswer, sendPrepared } from './prepared-answer';
import type { PreparedAnswer } from './prepared-answer';

/**
 * Serves the built web app (apps/web/dist) so that one process on one port is the whole shop:
 * each file as the web build wrote it, its `.br` or `.gz` twin where the client accepts one
 * (express-static-gzip over serve-static, which answers ETags, 304s, ranges and HEAD). A public
 * page gets its prerendered HTML (dist/pages, written by the web build), with what `pageHead` adds
 * to its head for this request (a product's JSON-LD); any other GET that asks for HTML gets
 * index.html, the empty shell the app draws into (the web router shows its own not-found page). A
 * missing file under /assets is a 404, never the page.
 */
function cacheControl(urlPath: string): string {
  // Hashed names never change; the pages are revalidated by ETag.
  if (urlPath.startsWith('/assets/')) return 'public, max-age=31536000, immutable';
  if (urlPath.endsWith('.html')) return 'no-cache';
  if (urlPath === '/robots.txt' || urlPath === '/sitemap.xml') return 'public, max-age=3600';
  return 'public, max-age=604800, stale-while-revalidate=86400';
}

/** Adds to a prerendered page's <head> for one request; `canonical` is the page's own address. */
export type PageHead = (pagePath: string, canonical: string) => Promise<string | undefined>;

/** A page's HTML as rendered for the catalogue of the moment; `page` for a public page's own. */
export interface PageAnswer {
  status: number;
  html: string;
  page?: boolean;
}

/** The public pages rendered at run time (modules/products/public-pages.ts), and the sitemap. */
export interface PublicPages {
  /** The HTML for a path asking for a page: the public page's own, else the shell. */
  page(pagePath: string): Promise<PageAnswer>;
  sitemap(): Promise<string>;
}

export interface WebApp {
  router: Router;
  /** CSP sources for the inline scripts the build wrote into the pages (the splash's). */
  scriptHashes: string[];
}

/** The prerendered pages under dist/pages by the path they answer: `/` and `/products/x`. */
function prerenderedPages(distDir: string): Map<string, string> {
  const pagesDir = path.join(distDir, 'pages');
  const pages = new Map<string, string>();
  if (!existsSync(pagesDir)) return pages;
  for (const file of readdirSync(pagesDir, { recursive: true, encoding: 'utf8' })) {
    if (!file.endsWith('.html')) continue;
    const rel = file.split(path.sep).join('/');
    const pagePath = rel === 'index.html' ? '/' : `/${rel.slice(0, -'.html'.length)}`;
    pages.set(encodeURI(pagePath), `/pages/${rel}`);
  }
  return pages;
}

/** `'sha256-…'` of every inline script in the shell (prerendered pages carry the same ones). */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    ([, source]) =>
      `'sha256-${createHash('sha256')
        .update(source ?? '')
        .digest('base64')}'`,
  );
}

/**
 * The web app's files, pages and fallback (undefined when dist has no index.html). With
 * `rendered`, every page is rendered for the catalogue of the moment and the sitemap follows it;
 * without, the pages are those the build prerendered.
 */
export function webApp(
  distDir: string,
  pageHead?: PageHead,
  rendered?: PublicPages,
): WebApp | undefined {
  const shell = path.join(distDir, 'index.html');
  if (!existsSync(shell)) return undefined;
  const pages = prerenderedPages(distDir);
  const files = expressStaticGzip(distDir, {
    enableBrotli: true,
    orderPreference: ['br', 'gzip'],
    index: false,
    serveStatic: {
      index: false,
      setHeaders: (res, file) => {
        const rel = `/${path.relative(distDir, file).split(path.sep).join('/')}`;
        res.setHeader('Cache-Control', cacheControl(rel.replace(/\.(br|gz)$/, '')));
      },
    },
  });
  // A page with something added is sent from memory, prepared (ETag, compressed bytes) once for
  // each thing added: a product's page changes only when its stock or its reviews do.
  const pageText = new Map<string, string>();
  const textOf = (file: string) => {
    let text = pageText.get(file);
    if (text === undefined) {
      text = readFileSync(path.join(distDir, file), 'utf8');
      pageText.set(file, text);
    }
    return text;
  };
  const lastPrepared = new Map<string, { text: string; extra: string; answer: PreparedAnswer }>();
  const preparedPage = (page: string, text: string, extra: string) => {
    let last = lastPrepared.get(page);
    if (last?.extra !== extra || last.text !== text) {
      last = { text, extra, answer: preparedAnswer(text.replace('</head>', `${extra}</head>`)) };
      lastPrepared.set(page, last);
    }
    return last.answer;
  };

  const router = Router();
  if (rendered) {
    router.use(renderedPages(files, rendered, pageHead, preparedPage));
    return { router, scriptHashes: inlineScriptHashes(readFileSync(shell, 'utf8')) };
  }
  router.use(async (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const page = pages.get(req.path);
    if (page && req.accepts('html')) {
      try {
        const text = textOf(page);
        const canonical = /<link rel="canonical" href="([^"]+)"/.exec(text)?.[1] ?? '';
        const extra = pageHead ? await pageHead(req.path, canonical) : undefined;
        if (extra) {
          res.set('Cache-Control', 'no-cache');
          return sendPrepared(req, res, preparedPage(page, text, extra), 'html');
        }
      } catch (error) {
        return next(error);
      }
      req.url = page;
      return files(req, res, next);
    }
    files(req, res, () => {
      if (req.path.startsWith('/assets/')) res.status(404).type('text/plain').end('Not found');
      else if (/^\/(api|uploads)(\/|$)/.test(req.path) || !req.accepts('html')) next();
      else {
        req.url = '/index.html';
        files(req, res, next);
      }
    });
  });
  return { router, scriptHashes: inlineScriptHashes(readFileSync(shell, 'utf8')) };
}

type Middleware = (req: Request, res: Response, next: NextFunction) => void;

/**
 * The router's middleware when pages are rendered at run time: a path without an extension asking
 * for HTML, and any other that is no file, answered by `rendered` (a public page with what `pageHead` adds, else the shell;
 * 404 for a product not sold), each prepared once per HTML (and per thing added).
 */
function renderedPages(
  files: Middleware,
  rendered: PublicPages,
  pageHead: PageHead | undefined,
  prepared: (key: string, text: string, extra: string) => PreparedAnswer,
): Middleware {
  const answer = async (req: Request, res: Response) => {
    if (req.path === '/sitemap.xml') {
      res.set('Cache-Control', 'public, max-age=3600');
      return sendPrepared(req, res, prepared(req.path, await rendered.sitemap(), ''), 'xml');
    }
    const { status, html, page } = await rendered.page(req.path);
    const canonical = /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1] ?? '';
    const extra = (page && pageHead ? await pageHead(req.path, canonical) : undefined) ?? '';
    res.status(status).set('Cache-Control', 'no-cache');
    sendPrepared(req, res, prepared(page ? req.path : '', html, extra), 'html');
  };
  const isPage = (req: Request) =>
    !path.extname(req.path) && !/^\/(api|uploads)(\/|$)/.test(req.path) && req.accepts('html');
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    // A page's path names no file (the build writes none without an extension): answered from
    // memory at once, without asking the disk first.
    if (req.path === '/sitemap.xml' || isPage(req)) return void answer(req, res).catch(next);
    files(req, res, () => {
      if (req.path.startsWith('/assets/')) res.status(404).type('text/plain').end('Not found');
      else if (/^\/(api|uploads)(\/|$)/.test(req.path) || !req.accepts('html')) next();
      else answer(req, res).catch(next);
    });
  };
}
