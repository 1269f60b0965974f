import type { RouteObject } from 'react-router';
import type { MenuEntry } from '../../lib/routing/menu';
import { ADMIN_ONLY, guardedSection, lazyScreen, type RouteHandle } from '../../lib/routing/route-kit';

// The only place that knows this section's screens.
const handle = (titleKey: string): RouteHandle => ({ titleKey, sectionKey: 'menu.setting' });

export const settingRoutes: RouteObject = guardedSection('setting', ADMIN_ONLY, [
  { index: true, handle: handle('screens.settingList'), lazy: lazyScreen(() => import('./setting-list'), 'SettingListPage') },
  // Static segments rank above `:id` (a numeric id), so the stores and the audit log live under /setting too.
  { path: 'stores', handle: handle('screens.settingStores'), lazy: lazyScreen(() => import('./store-list'), 'StoreListPage') },
  { path: 'stores/create', handle: handle('screens.settingStoreCreate'), lazy: lazyScreen(() => import('./store-form'), 'StoreCreatePage') },
  { path: 'stores/:id', handle: handle('screens.settingStoreDetail'), lazy: lazyScreen(() => import('./store-detail'), 'StoreDetailPage') },
  { path: 'stores/edit/:id', handle: handle('screens.settingStoreEdit'), lazy: lazyScreen(() => import('./store-form'), 'StoreEditPage') },
  { path: 'bank', handle: handle('screens.settingBank'), lazy: lazyScreen(() => import('./bank-integration'), 'BankIntegrationPage') },
  { path: 'messages', handle: handle('screens.settingMessages'), lazy: lazyScreen(() => import('./message-log'), 'MessageLogPage') },
  { path: 'notifications', handle: handle('screens.settingNotifications'), lazy: lazyScreen(() => import('./notifications-settings'), 'NotificationsSettingsPage') },
  { path: 'mail-outbox', handle: handle('screens.settingMailOutbox'), lazy: lazyScreen(() => import('./mail-outbox'), 'MailOutboxPage') },
  { path: 'audit-log', handle: handle('screens.settingAuditLog'), lazy: lazyScreen(() => import('./audit-log'), 'AuditLogPage') },
  { path: ':id', handle: handle('screens.settingDetail'), lazy: lazyScreen(() => import('./setting-detail'), 'SettingDetailPage') },
  { path: 'edit/:id', handle: handle('screens.settingEdit'), lazy: lazyScreen(() => import('./setting-form'), 'SettingEditPage') },
]);

export const settingMenu: MenuEntry = { id: 'setting', labelKey: 'menu.setting', icon: 'bi-gear', to: '/setting', roles: ADMIN_ONLY };
