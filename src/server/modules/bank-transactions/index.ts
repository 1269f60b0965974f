/** The bank-transactions module's public API: other modules, the registry, the seed and the composition root import it only from here. */
export { bankTransactionsRoutes, bankWebhookRoutes } from './bank-transactions.routes';
export { sweepUnmatchedBankTransactions } from './bank-transactions.service';
export { cassoSignatureHeader } from './bank-webhook.auth';
