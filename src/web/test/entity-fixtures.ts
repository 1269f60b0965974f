import type { Customer } from '../../shared/contracts/customers';
import type { Order } from '../../shared/contracts/orders';
import type { Package } from '../../shared/contracts/packages';
import type { Transaction } from '../../shared/contracts/transactions';

/** A customer as the API answers it (customer 5, retail, no address), with what a test needs changed. */
export function makeCustomer(over: Partial<Customer> = {}): Customer {
  return {
    id: 5,
    code: 'KH000005',
    fullName: 'Nguyễn Thị Ví',
    phone: '0912345678',
    email: null,
    addresses: [],
    province: 'Hà Nội',
    group: 'retail',
    suiteCode: null,
    note: '',
    status: 'active',
    creditLimit: 0,
    balance: 0,
    notifyZns: true,
    notifyEmail: true,
    language: 'vi',
    version: 1,
    createdAt: '2025-03-01T02:00:00.000Z',
    updatedAt: '2025-03-01T02:00:00.000Z',
    ...over,
  };
}

/** A completed cash deposit of 500,000 đ into customer 5's wallet, with what a test needs changed. */
export function makeTransaction(over: Partial<Transaction> = {}): Transaction {
  return {
    id: 1,
    code: 'GD00000001',
    customerId: 5,
    customerCode: 'KH000005',
    customerName: 'Nguyễn Thị Ví',
    type: 'deposit',
    amount: 500_000,
    balanceAfter: 500_000,
    method: 'cash',
    referenceType: null,
    referenceId: null,
    referenceCode: null,
    reference: '',
    note: '',
    noteCode: null,
    noteParams: {},
    status: 'completed',
    actorId: 1,
    actorName: 'Nguyễn Văn Quản',
    version: 1,
    createdAt: '2025-03-02T02:00:00.000Z',
    updatedAt: '2025-03-02T02:00:00.000Z',
    ...over,
  };
}

/** Order 42 of customer 5: two pairs of shoes bought in USD, confirmed, nothing paid yet; with what a test needs changed. */
export function makeOrder(over: Partial<Order> = {}): Order {
  return {
    id: 42,
    code: 'DH00000042',
    customerId: 5,
    customerCode: 'KH000005',
    customerName: 'Trần Văn Mua',
    customerPhone: '0912345678',
    kind: 'purchase',
    status: 'confirmed',
    statusAt: '2025-02-01T02:00:00.000Z',
    currency: 'USD',
    // The rate locked when the order was made, whatever today's rate is.
    exchangeRate: '25000',
    rateDate: '2025-02-01',
    items: [{ id: 1, name: 'Giày chạy bộ', url: 'https://shop.example.com/p/1', option: 'Size 42', quantity: 2, unitPriceMinor: 4999, amount: 2_499_500 }],
    itemsSubtotal: 2_499_500,
    goods: 2_499_500,
    serviceFeeMode: 'fixed',
    serviceFeeBps: 0,
    serviceFeeFixed: 100_000,
    serviceFee: 100_000,
    domesticFee: 0,
    deposit: 0,
    total: 2_599_500,
    remaining: 2_599_500,
    paid: 0,
    due: 2_599_500,
    note: '',
    events: [],
    transactions: [],
    version: 3,
    createdAt: '2025-02-01T02:00:00.000Z',
    updatedAt: '2025-02-01T02:00:00.000Z',
    ...over,
  };
}

/**
 * Package 7 of customer 5, received at US-OR for VN-SGN (1.2 kg, 30×20×10 cm, billed 1.5 kg), departed, on no
 * order and no MAWB, with what a test needs changed.
 */
export function makePackage(over: Partial<Package> = {}): Package {
  const id = over.id ?? 7;
  return {
    id,
    code: `PK${String(id).padStart(8, '0')}`,
    trackingNumber: '1Z999AA10123456784',
    customerId: 5,
    customer: { id: 5, code: 'KH000005', fullName: 'Lê Thị Hoa' },
    orderId: null,
    order: null,
    storeId: 2,
    store: { id: 2, code: 'US-OR', name: 'Kho Portland (Mỹ)' },
    destinationStoreId: 1,
    destinationStore: { id: 1, code: 'VN-SGN', name: 'Kho Hồ Chí Minh' },
    mawbId: null,
    mawb: null,
    weightG: 1200,
    lengthMm: 300,
    widthMm: 200,
    heightMm: 100,
    volumetricG: 1000,
    chargeableG: 1500,
    declaredValue: null,
    declaredCurrency: null,
    contents: '',
    photos: [],
    status: 'departed',
    statusAt: '2025-03-01T02:00:00.000Z',
    unidentified: false,
    version: 3,
    createdAt: '2025-03-01T02:00:00.000Z',
    updatedAt: '2025-03-01T02:00:00.000Z',
    ...over,
  };
}
