/** The notifications module's public API: other modules, the registry, the seed and the composition root import it only from here. */
export { messagesRoutes } from './messages.routes';
export { enqueueBalanceReminders, notifyPackageEvents, notifyWalletCredited, requeueOrphanedMessages } from './notifications.enqueue';
export { processMessage } from './notifications.send';
export { reminderDays } from './notifications.settings';
