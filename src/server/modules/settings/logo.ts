import { createHash } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { COMPANY_KIND, COMPANY_LOGO_KEY, LOGO_MAX_BYTES, type LogoContentType } from '../../../shared/contracts/company';
import type { Setting } from '../../../shared/contracts/settings';
import { settings, storedFiles } from '../../db/schema/index';
import { writeAudit } from '../../lib/audit';
import { HttpError } from '../../lib/errors';
import { findItem } from '../../lib/resource/list-engine';
import { inWriteTransaction } from '../../lib/resource/write';
import { settingsResource } from './settings.resource';

/** The image type by its first bytes (never by the name or the header the browser sent). */
function imageTypeOf(bytes: Buffer): LogoContentType | null {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from('89504e470d0a1a0a', 'hex'))) return 'image/png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return 'image/webp';
  return null;
}

const TOO_LARGE = 'Logo tối đa 1 MiB';

/**
 * POST /api/settings/logo (multipart, one file): a PNG, JPEG or WebP of at most 1 MiB, checked by its content, kept
 * in stored_files; the company/logo setting then points at it. One transaction, one audit row on the setting.
 */
export async function uploadLogo(app: FastifyInstance, req: FastifyRequest): Promise<Setting> {
  if (!req.isMultipart()) throw new HttpError(415, 'Hãy tải lên tệp ảnh (multipart/form-data)');
  const file = await req.file({ limits: { fileSize: LOGO_MAX_BYTES, files: 1 } });
  if (!file) throw new HttpError(400, 'Chưa chọn tệp logo');
  let bytes: Buffer;
  try {
    bytes = await file.toBuffer();
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, TOO_LARGE);
    throw err;
  }
  if (file.file.truncated || bytes.length > LOGO_MAX_BYTES) throw new HttpError(413, TOO_LARGE);
  const contentType = imageTypeOf(bytes);
  if (!contentType) throw new HttpError(415, 'Logo phải là ảnh PNG, JPEG hoặc WebP');
  const sha256 = createHash('sha256').update(bytes).digest('hex');

  return inWriteTransaction(app, req, settingsResource, async (ctx) => {
    const [stored] = await ctx.tx
      .insert(storedFiles)
      .values({ contentType, bytes, sha256, size: bytes.length, createdBy: ctx.meta.actorId })
      .returning({ id: storedFiles.id });
    const value = { fileId: stored!.id, contentType, sha256, size: bytes.length };
    const [row] = await ctx.tx
      .select({ id: settings.id })
      .from(settings)
      .where(and(eq(settings.kind, COMPANY_KIND), eq(settings.key, COMPANY_LOGO_KEY), isNull(settings.deletedAt)))
      .orderBy(sql`${settings.effectiveFrom} DESC, ${settings.id} DESC`)
      .limit(1)
      .for('update');
    let id: number;
    let before: unknown = null;
    if (row) {
      id = row.id;
      before = await findItem<Setting>(ctx.tx, settingsResource, id);
      await ctx.tx
        .update(settings)
        .set({ value, version: sql`${settings.version} + 1`, updatedAt: sql`now()`, updatedBy: ctx.meta.actorId })
        .where(eq(settings.id, id));
    } else {
      const [ins] = await ctx.tx
        .insert(settings)
        .values({ kind: COMPANY_KIND, key: COMPANY_LOGO_KEY, value, description: 'Logo công ty', createdBy: ctx.meta.actorId, updatedBy: ctx.meta.actorId })
        .returning({ id: settings.id });
      id = ins!.id;
    }
    const after = (await findItem<Setting>(ctx.tx, settingsResource, id))!;
    await writeAudit(ctx.tx, ctx.meta, { action: before ? 'update' : 'create', entity: settingsResource.name, entityId: id, before, after });
    return after;
  });
}
