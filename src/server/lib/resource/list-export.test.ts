import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListQuery } from '../../../shared/contracts/list-query';
import { customersResource } from '../../modules/customers/index';
import { packagesResource } from '../../modules/packages/index';
import { createTestContext, type TestContext } from '../../test/harness';
import { iterateItems, listPage } from './list-engine';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('exports read every row once, in list order', () => {
  it('gives, batch by batch, exactly the rows the list pages give, for sorts with nulls, ties, joins and both directions', async () => {
    const cases = [
      [packagesResource, 'weightG'],
      [packagesResource, '-chargeableG,code'],
      [packagesResource, 'status,-createdAt'],
      [customersResource, 'fullName'],
      [customersResource, '-balance'],
    ] as const;
    for (const [def, sort] of cases) {
      const listQuery = def.schemas.listQuery.parse({ sort, pageSize: '100' }) as ListQuery;
      const fromPages: number[] = [];
      for (let page = 1; ; page++) {
        const res = await listPage<{ id: number }>(ctx.database.db, def as never, { ...listQuery, page });
        fromPages.push(...res.items.map((i) => i.id));
        if (res.items.length < listQuery.pageSize || fromPages.length >= 300) break;
      }
      const fromExport: number[] = [];
      let batches = 0;
      for await (const batch of iterateItems<{ id: number }>(ctx.database.db, def as never, listQuery, { batchSize: 37, limit: 300 })) {
        fromExport.push(...batch.map((i) => i.id));
        batches++;
      }
      expect(fromPages.length, sort).toBeGreaterThan(74);
      expect(fromExport, sort).toEqual(fromPages.slice(0, 300));
      expect(batches, sort).toBe(Math.ceil(Math.min(300, fromPages.length) / 37));
    }
  });
});
