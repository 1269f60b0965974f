/** The mawbs module's public API: other modules, the registry, the seed and the composition root import it only from here. */
export { mawbsRoutes } from './mawbs.routes';
export { flightsOf, mawbSearchText } from './mawbs.service';
