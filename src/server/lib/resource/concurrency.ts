import type { FastifyReply, FastifyRequest } from 'fastify';
import { etagOf, versionFromEtag } from '../../../shared/contracts/resource';
import { HttpError } from '../errors';

/** The version the client last saw, from `If-Match`; 428 when it is missing, 400 when unreadable. */
export function requireIfMatch(req: FastifyRequest): number {
  const header = req.headers['if-match'];
  if (header === undefined || header === '') {
    throw new HttpError(428, 'Thiếu tiêu đề If-Match: hãy tải lại bản ghi rồi sửa lại');
  }
  const version = versionFromEtag(Array.isArray(header) ? header[0] : header);
  if (version === null) throw new HttpError(400, 'Tiêu đề If-Match không hợp lệ (dạng "3" lấy từ ETag)');
  return version;
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
