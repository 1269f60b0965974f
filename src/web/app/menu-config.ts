import { customerMenu } from '../features/customer/routes';
import { dashboardMenu } from '../features/dashboards/routes';
import { deliveryslipMenu } from '../features/deliveryslip/routes';
import { employeeMenu } from '../features/employee/routes';
import { mawbMenu } from '../features/mawb/routes';
import { orderMenu } from '../features/order/routes';
import { settingMenu } from '../features/setting/routes';
import { trackingMenu } from '../features/tracking/routes';
import { transactionMenu } from '../features/transaction/routes';
import type { MenuEntry } from '../lib/routing/menu';

/** The menu, in the fixed order of the sections; each entry comes from its section's routes.tsx. */
export const MENU: MenuEntry[] = [
  dashboardMenu,
  mawbMenu,
  trackingMenu,
  deliveryslipMenu,
  orderMenu,
  customerMenu,
  employeeMenu,
  transactionMenu,
  settingMenu,
];
