import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Request, Response } from 'express';

/**
 * An answer many requests share (the catalogue's JSON, a product page), prepared once: its ETag
 * (weak: it stands for every encoding) and its brotli and gzip bytes, each made on first demand.
 * Compressing it anew per request would cost more than the read itself, and would queue every such
 * read on libuv's pool behind the logins' bcrypt (a burst of logins held browsing up by a second).
 */
export interface PreparedAnswer {
  body: string;
  etag: string;
  encoded(encoding: 'br' | 'gzip'): Buffer;
}

export function preparedAnswer(body: string): PreparedAnswer {
  const encodings = new Map<'br' | 'gzip', Buffer>();
  return {
    body,
    etag: `W/"${createHash('sha1').update(body).digest('base64url')}"`,
    encoded(encoding) {
      let bytes = encodings.get(encoding);
      if (!bytes) {
        bytes =
          encoding === 'br'
            ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
            : gzipSync(body);
        encodings.set(encoding, bytes);
      }
      return bytes;
    },
  };
}

/**
 * Sends a prepared answer as `type` with its ETag (304 to a client holding it): brotli where
 * accepted, else gzip, else the bytes themselves; below 1 KB always as they are, as the API's
 * compression would send them. The caller sets Cache-Control.
 */
export function sendPrepared(req: Request, res: Response, answer: PreparedAnswer, type: string) {
  res.set('ETag', answer.etag).vary('Accept-Encoding');
  if (req.fresh) return void res.status(304).end();
  res.type(type);
  const encoding =
    answer.body.length >= 1024 && (req.acceptsEncodings('br') || req.acceptsEncodings('gzip'));
  if (encoding === 'br' || encoding === 'gzip')
    res.set('Content-Encoding', encoding).send(answer.encoded(encoding));
  else res.send(answer.body);
}
