import { resourceRoutes } from '../../lib/resource/routes';
import { storesResource } from './stores.resource';

/** /api/stores: list (pickers, the settings screen), get, create, patch and delete (If-Match; 409 while in use). Admin only. */
export const storesRoutes = resourceRoutes(storesResource);
