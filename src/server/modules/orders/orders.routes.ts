import { z } from 'zod';
import { businessDate, ExchangeRates, ExchangeRatesQuery } from '../../../shared/contracts/exchange-rates';
import { IdParams } from '../../../shared/contracts/list-query';
import { Order, OrderPackageParams, OrderPackagesAttach, OrderPackagesResponse, OrderStatusChange } from '../../../shared/contracts/orders';
import { setEtag } from '../../lib/resource/concurrency';
import { resourceRoutes } from '../../lib/resource/routes';
import { namedParamsValidator } from '../../lib/resource/validation';
import { inWriteTransaction } from '../../lib/resource/write';
import { ratesOn } from './exchange-rates';
import { ordersResource } from './orders.resource';
import { attachPackages, detachPackage } from './orders.packages';
import { changeOrderStatus } from './orders.service';

/**
 * /api/orders from the resource definition, plus:
 *   POST /api/orders/:id/status   { status, note? }, If-Match optional (checked when sent) → the order
 *   POST   /api/orders/:id/packages             { numbers?, packageIds? } → { order, results } (one result per parcel)
 *   DELETE /api/orders/:id/packages/:packageId  → the order
 *   GET  /api/exchange-rates      ?date=YYYY-MM-DD → the rates effective that day (the order form's preview)
 */
export const ordersRoutes = resourceRoutes(ordersResource, (app) => {
  app.post(
    '/orders/:id/status',
    {
      validatorCompiler: namedParamsValidator,
      schema: {
        tags: ['orders'],
        summary: 'Chuyển trạng thái đơn hàng',
        params: IdParams,
        headers: z.object({ 'if-match': z.string().optional() }),
        body: OrderStatusChange,
        response: { 200: Order },
      },
    },
    async (req, reply) => {
      const { id } = req.params as IdParams;
      const body = req.body as OrderStatusChange;
      const order = await inWriteTransaction(app, req, ordersResource, (ctx) => changeOrderStatus(ctx, ordersResource, id, body, req.headers['if-match']));
      setEtag(reply, order.version);
      return order;
    },
  );

  app.post(
    '/orders/:id/packages',
    {
      validatorCompiler: namedParamsValidator,
      schema: { tags: ['orders'], summary: 'Gắn kiện hàng vào đơn (quét hoặc chọn)', params: IdParams, body: OrderPackagesAttach, response: { 200: OrderPackagesResponse } },
    },
    async (req, reply) => {
      const { id } = req.params as IdParams;
      const res = await inWriteTransaction(app, req, ordersResource, (ctx) => attachPackages(ctx, id, req.body as OrderPackagesAttach));
      setEtag(reply, res.order.version);
      return res;
    },
  );

  app.delete(
    '/orders/:id/packages/:packageId',
    {
      validatorCompiler: namedParamsValidator,
      schema: { tags: ['orders'], summary: 'Gỡ một kiện khỏi đơn', params: OrderPackageParams, response: { 200: Order } },
    },
    async (req, reply) => {
      const { id, packageId } = req.params as OrderPackageParams;
      const order = await inWriteTransaction(app, req, ordersResource, (ctx) => detachPackage(ctx, id, packageId));
      setEtag(reply, order.version);
      return order;
    },
  );

  app.get(
    '/exchange-rates',
    {
      validatorCompiler: namedParamsValidator,
      schema: { tags: ['orders'], summary: 'Tỷ giá hiệu lực theo ngày', querystring: ExchangeRatesQuery, response: { 200: ExchangeRates } },
    },
    async (req) => {
      const date = (req.query as ExchangeRatesQuery).date ?? businessDate(new Date());
      return { date, rates: await ratesOn(app.deps.database.db, date) };
    },
  );
});
