/** The transactions module's public API: other modules, the registry, the seed and the composition root import it only from here. */
export { postMovement, type MovementInput } from './transactions.ledger';
export { transactionsRoutes } from './transactions.routes';
