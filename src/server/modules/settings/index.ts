/** The settings module's public API: other modules, the registry, the seed and the composition root import it only from here. */
export { companyProfile } from './company';
export { estimateFreight } from './freight';
export { mailOutboxRoutes } from './mail-outbox.routes';
export { freightWith, pricingData } from './pricing.service';
export { publicSettingsRoutes } from './public.routes';
export { sessionPolicyRoutes } from './session-policy.routes';
export { settingsRoutes } from './settings.routes';
