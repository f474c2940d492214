import type { Request, RequestHandler, Response } from 'express';
import { setFixedHeaders } from '../../platform/http/fixed-headers';
import type { FixedHeaders } from '../../platform/http/fixed-headers';
import { beginRequestLog } from '../../platform/http/request-log';
import { chooseEncoding, fresh } from '../../platform/http/web-app';
import type { Logger } from '../../platform/logger';
import type {
  CatalogueAnswers,
  JsonAnswer,
  JsonVariant,
  StockService,
} from '../stock/stock.service';

/** Each answer's header lines, as the flat name/value list `writeHead` takes. */
interface HeaderLines {
  ok: string[];
  notModified: string[];
}

/**
 * The catalogue is code (packages/catalog); only the owner's in-stock switch changes at run time,
 * so these answers may be cached for a minute. Their JSON is serialised once per state of the
 * switches (stock.service.ts), not per request. They are the shop's busiest reads, so app.ts mounts
 * them as its first routes, ahead of every middleware, and they do in one step what those would do
 * header by header: the security and CORS headers (`fixedHeaders`, captured once at start-up), the
 * request id and log line, and their own headers are written in a single `writeHead` from lines
 * built once per answer. An error (an unknown product) goes to the error handler with the same
 * security headers and request id as any other answer.
 */
export function catalogueRoutes(
  stock: StockService,
  options: { logger: Logger; fixedHeaders: FixedHeaders },
): { list: RequestHandler; product: RequestHandler } {
  const { logger, fixedHeaders } = options;
  const isVary = ([name]: [string, unknown]) => name.toLowerCase() === 'vary';
  // CORS says Vary: Origin; Accept-Encoding joins it in one line.
  const vary = [...fixedHeaders.filter(isVary).map(([, v]) => String(v)), 'Accept-Encoding'];
  const fixed = fixedHeaders
    .filter((header) => !isVary(header))
    .flatMap(([name, value]) =>
      Array.isArray(value) ? value.flatMap((v) => [name, v]) : [name, value],
    );
  const built = new WeakMap<JsonVariant, HeaderLines>();

  function linesFor(form: JsonVariant, encoding: string): HeaderLines {
    let lines = built.get(form);
    if (!lines) {
      const common = [
        ...fixed,
        'Cache-Control',
        'public, max-age=60',
        'ETag',
        form.etag,
        'Vary',
        vary.join(', '),
      ];
      lines = {
        notModified: common,
        ok: [
          ...common,
          'Content-Type',
          'application/json; charset=utf-8',
          'Content-Length',
          String(form.body.length),
          ...(encoding === 'identity' ? [] : ['Content-Encoding', encoding]),
        ],
      };
      built.set(form, lines);
    }
    return lines;
  }

  /** The bytes, compressed as the client accepts, or 304 when it holds them. */
  function send(req: Request, res: Response, id: string, answer: JsonAnswer): void {
    const wanted = chooseEncoding(req.headers['accept-encoding'], answer);
    const encoding = answer[wanted] ? wanted : 'identity';
    const form = answer[encoding]!;
    const lines = linesFor(form, encoding);
    if (fresh(req, form.etag)) {
      res.writeHead(304, [...lines.notModified, 'X-Request-Id', id]);
      res.end();
      return;
    }
    res.writeHead(200, [...lines.ok, 'X-Request-Id', id]);
    res.end(form.body); // a HEAD request gets the headers alone
  }

  const route =
    (pick: (answers: CatalogueAnswers, req: Request) => JsonAnswer): RequestHandler =>
    async (req, res, next) => {
      const id = beginRequestLog(logger, req, res);
      try {
        // At once when the stock switches have been read; the first request waits for them.
        send(req, res, id, pick(stock.answersNow() ?? (await stock.answers()), req));
      } catch (err) {
        setFixedHeaders(res, fixedHeaders);
        res.setHeader('X-Request-Id', id);
        next(err);
      }
    };

  return {
    list: route((answers) => answers.list),
    product: route((answers, req) => answers.product(String(req.params.id))),
  };
}
