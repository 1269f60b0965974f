import { z } from 'zod';
import {
  EventAppendResponse,
  EventCreate,
  EventList,
  FreightQuery,
  FreightResponse,
  LabelsQuery,
  LabelsResponse,
  ReceiveBody,
  ReceiveResponse,
  SearchBody,
  SearchQuery,
  SearchResponse,
} from '../../../shared/contracts/packages';
import { IdParams } from '../../../shared/contracts/list-query';
import { setEtag } from '../../lib/resource/concurrency';
import { resourceRoutes } from '../../lib/resource/routes';
import { namedParamsValidator } from '../../lib/resource/validation';
import { inWriteTransaction } from '../../lib/resource/write';
import { packagesResource } from './packages.resource';
import { estimateFreight } from '../settings/index';
import { addPackageEvent, packageEvents, packageLabels, receivePackage, searchPackages } from './packages.tracking';

/**
 * /api/packages from the resource definition, plus tracking: events (append-only: there is deliberately
 * no PATCH or DELETE for them), the scanner search, receiving and labels. Admin only, like every business route.
 */
export const packagesRoutes = resourceRoutes(packagesResource, (app) => {
  const tags = ['packages'];
  const validatorCompiler = namedParamsValidator;
  const db = () => app.deps.database.db;

  app.get(
    '/packages/search',
    { validatorCompiler, schema: { tags, summary: 'Tra cứu nhiều mã vận đơn / mã kiện (tối đa 500)', querystring: SearchQuery, response: { 200: SearchResponse } } },
    async (req) => searchPackages(db(), (req.query as SearchQuery).numbers),
  );

  app.post(
    '/packages/search',
    { schema: { tags, summary: 'Tra cứu nhiều mã (danh sách dài, trong thân yêu cầu)', body: SearchBody, response: { 200: SearchResponse } } },
    async (req) => searchPackages(db(), (req.body as SearchBody).numbers),
  );

  app.get(
    '/packages/freight',
    { validatorCompiler, schema: { tags, summary: 'Cước ước tính của các kiện (bảng giá hiện hành)', querystring: FreightQuery, response: { 200: FreightResponse } } },
    async (req) => estimateFreight(db(), (req.query as FreightQuery).ids),
  );

  app.get(
    '/packages/labels',
    { validatorCompiler, schema: { tags, summary: 'Dữ liệu in nhãn 100×150 mm', querystring: LabelsQuery, response: { 200: LabelsResponse } } },
    async (req) => ({ items: await packageLabels(db(), (req.query as LabelsQuery).ids) }),
  );

  app.post(
    '/packages/receive',
    { schema: { tags, summary: 'Nhận kiện tại kho nước ngoài (cân, đo, ghi sự kiện RCS)', body: ReceiveBody, response: { 200: ReceiveResponse, 201: ReceiveResponse } } },
    async (req, reply) => {
      const { created, response } = await receivePackage(app, req, req.body as ReceiveBody);
      setEtag(reply, response.package.version);
      if (created) reply.status(201).header('location', `/api/packages/${response.package.id}`);
      return response;
    },
  );

  app.get(
    '/packages/:id/events',
    { validatorCompiler, schema: { tags, summary: 'Lịch sử hành trình của kiện (mới nhất trước)', params: IdParams, response: { 200: EventList } } },
    async (req) => ({ items: await packageEvents(db(), (req.params as IdParams).id) }),
  );

  app.post(
    '/packages/:id/events',
    {
      validatorCompiler,
      schema: {
        tags,
        summary: 'Thêm sự kiện hành trình (trạng thái theo sự kiện mới nhất)',
        params: IdParams,
        headers: z.object({ 'if-match': z.string().optional() }),
        body: EventCreate,
        response: { 201: EventAppendResponse },
      },
    },
    async (req, reply) => {
      const id = (req.params as IdParams).id;
      const result = await inWriteTransaction(app, req, packagesResource, (ctx) => addPackageEvent(ctx, id, req.body as EventCreate, req.headers['if-match']));
      setEtag(reply, result.package.version);
      return reply.status(201).send(result);
    },
  );
});
