import type { RouteObject } from 'react-router';
import type { MenuEntry } from '../../lib/routing/menu';
import { ADMIN_ONLY, guardedSection, lazyScreen, type RouteHandle } from '../../lib/routing/route-kit';

// The only place that knows this section's screens. New rows are recorded in a dialog, from the list or a customer.
const handle = (titleKey: string): RouteHandle => ({ titleKey, sectionKey: 'menu.transaction' });

export const transactionRoutes: RouteObject = guardedSection('transaction', ADMIN_ONLY, [
  { index: true, handle: handle('screens.transactionList'), lazy: lazyScreen(() => import('./transaction-list'), 'TransactionListPage') },
  { path: 'bank', handle: handle('screens.bankTransactionList'), lazy: lazyScreen(() => import('./bank-list'), 'BankTransactionListPage') },
  { path: ':id', handle: handle('screens.transactionDetail'), lazy: lazyScreen(() => import('./transaction-detail'), 'TransactionDetailPage') },
  { path: 'edit/:id', handle: handle('screens.transactionEdit'), lazy: lazyScreen(() => import('./transaction-edit'), 'TransactionEditPage') },
]);

export const transactionMenu: MenuEntry = {
  id: 'transaction',
  labelKey: 'menu.transaction',
  icon: 'bi-wallet2',
  roles: ADMIN_ONLY,
  children: [
    { id: 'transaction-list', labelKey: 'menu.transactionList', to: '/transaction', end: true },
    // The count of unmatched transfers is shown beside this link (layouts read it by the link's id).
    { id: 'transaction-bank', labelKey: 'menu.bankTransactions', to: '/transaction/bank' },
  ],
};
