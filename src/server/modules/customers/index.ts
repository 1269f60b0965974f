/** The customers module's public API: other modules, the registry, the seed and the composition root import it only from here. */
export { customersResource } from './customers.resource';
export { customersRoutes } from './customers.routes';
export { customerSearchText } from './customers.service';
