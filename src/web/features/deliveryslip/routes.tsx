import type { RouteObject } from 'react-router';
import type { MenuEntry } from '../../lib/routing/menu';
import { ADMIN_ONLY, guardedSection, lazyScreen, type RouteHandle } from '../../lib/routing/route-kit';

// The only place that knows this section's screens: a built screen replaces its placeholder here.
const handle = (titleKey: string): RouteHandle => ({ titleKey, sectionKey: 'menu.deliveryslip' });

export const deliveryslipRoutes: RouteObject = guardedSection('deliveryslip', ADMIN_ONLY, [
  { index: true, handle: handle('screens.deliveryslipList'), lazy: lazyScreen(() => import('./slip-list'), 'DeliverySlipListPage') },
  { path: 'print-coupons', handle: handle('screens.printCoupons'), lazy: lazyScreen(() => import('./print-coupons'), 'PrintCouponsPage') },
  { path: 'edit-delivery-slip', handle: handle('screens.editDeliverySlip'), lazy: lazyScreen(() => import('./slip-editor'), 'EditDeliverySlipPage') },
  { path: 'vote-confirm', handle: handle('screens.voteConfirm'), lazy: lazyScreen(() => import('./vote-confirm'), 'VoteConfirmPage') },
  { path: 'create-vouchers', handle: handle('screens.createVouchers'), lazy: lazyScreen(() => import('./create-vouchers'), 'CreateVouchersPage') },
  { path: 'create-delivery-slip', handle: handle('screens.createDeliverySlip'), lazy: lazyScreen(() => import('./slip-editor'), 'CreateDeliverySlipPage') },
  { path: ':id', handle: handle('screens.deliveryslipDetail'), lazy: lazyScreen(() => import('./slip-detail'), 'DeliverySlipDetailPage') },
]);

export const deliveryslipMenu: MenuEntry = {
  id: 'deliveryslip',
  labelKey: 'menu.deliveryslip',
  icon: 'bi-truck',
  roles: ADMIN_ONLY,
  children: [
    { id: 'deliveryslip-list', labelKey: 'menu.deliveryslipList', to: '/deliveryslip', end: true },
    { id: 'deliveryslip-create', labelKey: 'menu.createDeliverySlip', to: '/deliveryslip/create-delivery-slip' },
    { id: 'deliveryslip-bulk', labelKey: 'menu.createVouchers', to: '/deliveryslip/create-vouchers' },
    { id: 'deliveryslip-print', labelKey: 'menu.printCoupons', to: '/deliveryslip/print-coupons' },
    { id: 'deliveryslip-confirm', labelKey: 'menu.voteConfirm', to: '/deliveryslip/vote-confirm' },
  ],
};
