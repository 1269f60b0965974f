import { onPackageEvents, onReceiveOntoOrder } from '../packages/index';
import { followPackages } from './orders.follow';
import { attachPackages } from './orders.packages';

/** The orders module's public API: other modules, the registry, the seed and the composition root import it only from here. */
export { paidSql } from './orders.resource';
export { ordersRoutes } from './orders.routes';
export { orderSearchText } from './orders.service';

// An order follows its parcels: packages calls these after every event append and on a receive onto an order. They
// are registered when this module is loaded, which every path that writes package events does (the registry in
// modules/index.ts for the server and the API tests, the seed through its own imports); packages refuses to append
// events while they are missing.
onPackageEvents(followPackages);
onReceiveOntoOrder(async (ctx, orderId, packageId) => {
  await attachPackages(ctx, orderId, { numbers: [], packageIds: [packageId] });
});
