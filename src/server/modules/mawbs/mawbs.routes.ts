import { z } from 'zod';
import {
  AddPackagesBody,
  AddPackagesResponse,
  Mawb,
  MawbEventList,
  MawbPackageList,
  MawbPackageParams,
  StatusBody,
} from '../../../shared/contracts/mawbs';
import { IdParams } from '../../../shared/contracts/list-query';
import { setEtag } from '../../lib/resource/concurrency';
import { resourceRoutes } from '../../lib/resource/routes';
import { namedParamsValidator } from '../../lib/resource/validation';
import { recordCommand } from '../../lib/resource/write';
import { addPackages, changeMawbStatus, mawbPackages, mawbTimeline, removePackage } from './mawbs.consolidation';
import { mawbsResource } from './mawbs.resource';

const ifMatch = z.object({ 'if-match': z.string().optional() });

/**
 * /api/mawbs from the resource definition, plus consolidation (packages on and off), status moves and the
 * detail's reads. The mutations take an optional If-Match and answer the MAWB's new ETag. Admin only.
 */
export const mawbsRoutes = resourceRoutes(mawbsResource, (app) => {
  const tags = ['mawbs'];
  const validatorCompiler = namedParamsValidator;
  const db = () => app.deps.database.db;

  app.get(
    '/mawbs/:id/packages',
    { validatorCompiler, schema: { tags, summary: 'Các kiện trong MAWB (chi tiết, manifest)', params: IdParams, response: { 200: MawbPackageList } } },
    async (req) => mawbPackages(db(), (req.params as IdParams).id),
  );

  app.post(
    '/mawbs/:id/packages',
    {
      validatorCompiler,
      schema: { tags, summary: 'Đóng kiện vào MAWB (quét mã vận đơn hoặc mã kiện)', params: IdParams, headers: ifMatch, body: AddPackagesBody, response: { 200: AddPackagesResponse } },
    },
    async (req, reply) => {
      const result = await addPackages(app, req, (req.params as IdParams).id, (req.body as AddPackagesBody).trackingNumbers);
      setEtag(reply, result.mawb.version);
      return result;
    },
  );

  app.delete(
    '/mawbs/:id/packages/:packageId',
    { validatorCompiler, schema: { tags, summary: 'Gỡ một kiện khỏi MAWB', params: MawbPackageParams, headers: ifMatch, response: { 200: Mawb } } },
    async (req, reply) => {
      const { id, packageId } = req.params as z.infer<typeof MawbPackageParams>;
      const mawb = await removePackage(app, req, id, packageId);
      setEtag(reply, mawb.version);
      return mawb;
    },
  );

  app.post(
    '/mawbs/:id/status',
    { validatorCompiler, schema: { tags, summary: 'Chuyển trạng thái MAWB (ghi sự kiện cho mọi kiện)', params: IdParams, headers: ifMatch, body: StatusBody, response: { 200: Mawb } } },
    recordCommand(app, mawbsResource, (ctx, id, body: StatusBody, ifMatch) => changeMawbStatus(ctx, id, body, ifMatch)),
  );

  app.get(
    '/mawbs/:id/events',
    { validatorCompiler, schema: { tags, summary: 'Dòng thời gian của MAWB (mới nhất trước)', params: IdParams, response: { 200: MawbEventList } } },
    async (req) => ({ items: await mawbTimeline(db(), (req.params as IdParams).id) }),
  );
});
