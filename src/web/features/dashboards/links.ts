/**
 * The server gives each counted figure the list API path whose total equals it (`/api/packages?status=…`); the
 * screen showing that list has the same filters in its URL. Only Admin may open those screens.
 */
const SCREENS: Record<string, string> = {
  packages: '/tracking',
  orders: '/order',
  customers: '/customer',
  transactions: '/transaction',
  mawbs: '/mawb',
  'delivery-slips': '/deliveryslip',
};

export function screenLink(apiLink: string | null | undefined): string | null {
  if (!apiLink) return null;
  const m = /^\/api\/([a-z-]+)(\/\d+)?(\?.*)?$/.exec(apiLink);
  const screen = m ? SCREENS[m[1]!] : undefined;
  return screen ? `${screen}${m![2] ?? ''}${m![3] ?? ''}` : null;
}
