/** The packages module's public API: other modules, the registry, the seed and the composition root import it only from here. */
export { appendEvents, latestEventJson, refreshStatus } from './packages.events';
export { onPackageEvents, onReceiveOntoOrder } from './packages.hooks';
export { packagesResource } from './packages.resource';
export { packagesRoutes } from './packages.routes';
export { packageSearchText, packageWithCustomerFields } from './packages.service';
export { addPackageEvent, searchPackages } from './packages.tracking';
