import { resourceRoutes } from '../../lib/resource/routes';
import { customersResource } from './customers.resource';

/** /api/customers: list, export, import, get, create, patch, soft delete — all from the resource definition. */
export const customersRoutes = resourceRoutes(customersResource);
