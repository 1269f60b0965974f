import type { FastifyReply, FastifyRequest } from 'fastify';
import { etagOf, versionFromEtag } from '../../../shared/contracts/resource';
import { HttpError } from '../errors';

export type IfMatchHeader = string | string[] | undefined;

/**
 * The one reading of an `If-Match` header: the version the client last saw. Missing: 428 when `required`,
 * else null (the change is not checked against a version); unreadable: 400.
 */
export function parseIfMatch(header: IfMatchHeader, required: true): number;
export function parseIfMatch(header: IfMatchHeader, required?: boolean): number | null;
export function parseIfMatch(header: IfMatchHeader, required = false): number | null {
  const raw = Array.isArray(header) ? header[0] : header;
  if (raw === undefined || raw === '') {
    if (required) throw new HttpError(428, 'Thiếu tiêu đề If-Match: hãy tải lại bản ghi rồi sửa lại');
    return null;
  }
  const version = versionFromEtag(raw);
  if (version === null) throw new HttpError(400, 'Tiêu đề If-Match không hợp lệ (dạng "3" lấy từ ETag)');
  return version;
}

/** The version the client last saw, from `If-Match`; 428 when it is missing, 400 when unreadable. */
export function requireIfMatch(req: FastifyRequest): number {
  return parseIfMatch(req.headers['if-match'], true);
}

export function setEtag(reply: FastifyReply, version: number): void {
  reply.header('etag', etagOf(version));
}

/** 412 carrying the record as it is now, so the client can show the other person's change. */
export function staleError(current: { version: number }, label: string): HttpError {
  return new HttpError(
    412,
    `Dữ liệu ${label} đã được người khác thay đổi. Vui lòng tải lại hoặc xem thay đổi của họ.`,
    undefined,
    { current },
    { etag: etagOf(current.version) },
  );
}
