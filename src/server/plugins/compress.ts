import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { chooseEncoding } from '../lib/accept-encoding';

/**
 * Large API answers (list pages, lookups of many numbers) go compressed when the client accepts it. At the
 * fastest levels a 27 KB list page shrinks about sixfold, and the work runs on libuv's thread pool, not on the
 * thread serving requests. Small answers go as they are: below the threshold the bytes saved do not pay for the
 * extra work. Streams (exports) are left alone: XLSX is already a zip archive.
 */
export const COMPRESS_MIN_BYTES = 4096;

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** A body in the chosen encoding, at the fastest level (the answers are made per request or kept briefly). */
export function compressBody(body: string | Buffer, encoding: 'br' | 'gzip'): Promise<Buffer> {
  return encoding === 'br' ? brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 1 } }) : gz(body, { level: 1 });
}

export function registerCompression(app: FastifyInstance): void {
  app.addHook('onSend', async (req, reply, payload) => {
    if (!req.url.startsWith('/api/')) return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    // A string's UTF-8 form is never shorter than its UTF-16 length, so only a short one needs counting (counting a
    // 27 KB page walked it once more before the socket did).
    if (payload.length < COMPRESS_MIN_BYTES && Buffer.byteLength(payload) < COMPRESS_MIN_BYTES) return payload;
    // Whether the answer is compressed depends on this header: caches must keep one copy per encoding.
    const vary = reply.getHeader('vary');
    if (!vary) reply.header('vary', 'accept-encoding');
    else if (!/accept-encoding/i.test(String(vary))) reply.header('vary', `${String(vary)}, accept-encoding`);
    if (reply.hasHeader('content-encoding')) return payload;
    const encoding = chooseEncoding(req.headers['accept-encoding']);
    if (!encoding) return payload;
    const body = await compressBody(payload, encoding);
    reply.header('content-encoding', encoding);
    reply.removeHeader('content-length');
    return body;
  });
}
