import { resourceRoutes } from '../../lib/resource/routes';
import { storesResource } from './stores.resource';

/** GET /api/stores (list engine, for pickers) and GET /api/stores/:id. */
export const storesRoutes = resourceRoutes(storesResource);
