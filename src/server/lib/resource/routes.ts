import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ImportQuery, ImportResult } from '../../../shared/contracts/import';
import { IdParams, type ExportQuery, type ListQuery } from '../../../shared/contracts/list-query';
import { HttpError } from '../errors';
import { requireIfMatch, setEtag } from './concurrency';
import type { AnyResource } from './define';
import { contentDisposition, sendExport, XLSX_CONTENT_TYPE } from './export';
import { commitImport, importResultJson, importTemplate, previewImport, readXlsxUpload } from './import';
import { findItem, listPage } from './list-engine';
import { namedParamsValidator } from './validation';
import { createRecord, removeRecord, updateRecord } from './write';

/**
 * The HTTP face of a resource, from its definition:
 *   GET    /<name>                    list (ListSpec query) → { items, total, page, pageSize, totals? }
 *   GET    /<name>/export             ?format=xlsx|csv + list filters → file (when `export` is declared)
 *   GET    /<name>/import/template    XLSX with the import's header row (when `import` is declared)
 *   POST   /<name>/import             ?mode=preview|commit, multipart XLSX
 *   GET    /<name>/:id                the item, ETag: "<version>"
 *   POST   /<name>                    create (when `write.create`) → 201, ETag, Location
 *   PATCH  /<name>/:id                If-Match required (when `write.update`) → item, ETag
 *   DELETE /<name>/:id                If-Match required, soft delete (when `deletedAt`) → 204
 * Every route is Admin-only by the global auth hook; `extra` adds the resource's own routes.
 */
export function resourceRoutes(def: AnyResource, extra?: (app: FastifyInstance) => void | Promise<void>): FastifyPluginAsync {
  return async (plain) => {
    const app = plain.withTypeProvider<ZodTypeProvider>();
    const base = `/${def.name}`;
    const tags = [def.name];
    const db = () => app.deps.database.db;
    const validatorCompiler = namedParamsValidator;

    app.get(
      base,
      {
        validatorCompiler,
        // A page read again while nothing was written is answered from memory (plugins/read-cache.ts).
        config: { readCache: true },
        schema: { tags, summary: `Danh sách ${def.label}`, querystring: def.schemas.listQuery, response: { 200: def.schemas.list } },
      },
      async (req) => {
        const query = req.query as ListQuery;
        if (!def.listTotals) return listPage(db(), def, query);
        const [page, totals] = await Promise.all([listPage(db(), def, query), def.listTotals(db(), query)]);
        return { ...page, totals };
      },
    );

    if (def.export && def.schemas.exportQuery) {
      app.get(
        `${base}/export`,
        { validatorCompiler, schema: { tags, summary: `Xuất ${def.label} ra XLSX/CSV`, querystring: def.schemas.exportQuery } },
        async (req, reply) => sendExport(reply, db(), def, req.query as ExportQuery),
      );
    }

    if (def.import && def.write?.create) {
      app.get(`${base}/import/template`, { schema: { tags, summary: `Tệp mẫu nhập ${def.label}` } }, async (_req, reply) => {
        const { file, fileName } = await importTemplate(def);
        return reply.type(XLSX_CONTENT_TYPE).header('content-disposition', contentDisposition(fileName)).send(file);
      });
      app.post(
        `${base}/import`,
        { validatorCompiler, schema: { tags, summary: `Nhập ${def.label} từ XLSX`, querystring: ImportQuery, response: { 200: ImportResult } } },
        async (req, reply) => {
          const buffer = await readXlsxUpload(req);
          const result = req.query.mode === 'commit' ? await commitImport(app, req, def, buffer) : await previewImport(app, def, buffer);
          // The schema above documents the answer; the body is that answer already written as a JSON stream.
          return reply.type('application/json; charset=utf-8').send(importResultJson(result) as never);
        },
      );
    }

    app.get(
      `${base}/:id`,
      { validatorCompiler, schema: { tags, summary: `Chi tiết ${def.label}`, params: IdParams, response: { 200: def.schemas.item } } },
      async (req, reply) => {
        const item = await findItem<{ id: number; version: number }>(db(), def, req.params.id);
        if (!item) throw new HttpError(404, `Không tìm thấy ${def.label}`);
        setEtag(reply, item.version);
        return item;
      },
    );

    if (def.write?.create && def.schemas.create) {
      app.post(
        base,
        { validatorCompiler, schema: { tags, summary: `Tạo ${def.label}`, body: def.schemas.create, response: { 201: def.schemas.item } } },
        async (req, reply) => {
          const item = await createRecord<{ id: number; version: number }>(app, req, def, req.body);
          setEtag(reply, item.version);
          return reply.status(201).header('location', `/api${base}/${item.id}`).send(item);
        },
      );
    }

    if (def.write?.update && def.schemas.patch) {
      app.patch(
        `${base}/:id`,
        {
          validatorCompiler,
          schema: {
            tags,
            summary: `Sửa ${def.label} (cần If-Match)`,
            params: IdParams,
            headers: z.object({ 'if-match': z.string().optional() }),
            body: def.schemas.patch,
            response: { 200: def.schemas.item },
          },
        },
        async (req, reply) => {
          const version = requireIfMatch(req);
          const item = await updateRecord<{ id: number; version: number }>(app, req, def, req.params.id, version, req.body);
          setEtag(reply, item.version);
          return item;
        },
      );
    }

    if (def.deletedAt) {
      app.delete(
        `${base}/:id`,
        {
          validatorCompiler,
          schema: { tags, summary: `Xóa ${def.label} (cần If-Match)`, params: IdParams, headers: z.object({ 'if-match': z.string().optional() }) },
        },
        async (req, reply) => {
          const version = requireIfMatch(req);
          await removeRecord(app, req, def, req.params.id, version);
          return reply.status(204).send();
        },
      );
    }

    await extra?.(app);
  };
}
