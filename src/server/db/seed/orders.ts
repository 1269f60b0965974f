import { and, eq, isNull, sql } from 'drizzle-orm';
import { businessDate, EXCHANGE_RATE_KIND } from '../../../shared/contracts/exchange-rates';
import { applyToBalance, type TransactionMethod, type TransactionType } from '../../../shared/domain/ledger';
import { orderTotals, type ForeignCurrency, type ServiceFeeMode } from '../../../shared/domain/money';
import { formatRateWire, parseRateWire } from '../../../shared/domain/money-input';
import type { OrderKind, OrderStatus } from '../../../shared/domain/order-lifecycle';
import { orderNote, type TransactionNote } from '../../../shared/domain/transaction-notes';
import { orderSearchText } from '../../modules/orders/index';
import { postMovement } from '../../modules/transactions/index';
import { writeContextIn } from '../../lib/write-context';
import type { Db } from '../client';
import { customers, orderEvents, orderItems, orders, settings } from '../schema/index';
import { rng, type Rng } from './names';

/**
 * Demo orders and wallets: a year of effective-dated exchange rates, 500 orders (buy-for-me and
 * consignment) whose statuses follow the lifecycle with a dated event per step, and exactly 3,000 wallet
 * rows. The movements are planned customer by customer in time order with the credit-limit rule
 * (shared/domain/ledger.ts): a payment the wallet cannot cover is preceded by a top-up. They are then posted
 * through the ledger function, like any other, which keeps every balance equal to the sum of its rows.
 */

const ORDER_COUNT = 500;
const TRANSACTION_COUNT = 3000;
const DAY = 86_400_000;

/** Rate a year ago → rate now (đồng per unit), with a little noise month to month. */
const RATE_PATH: Record<ForeignCurrency, { from: number; to: number; decimals: 0 | 1 | 2; noise: number }> = {
  USD: { from: 24_870, to: 25_400, decimals: 0, noise: 60 },
  JPY: { from: 163.2, to: 170, decimals: 2, noise: 1.2 },
  KRW: { from: 17.9, to: 18.5, decimals: 1, noise: 0.15 },
  EUR: { from: 26_850, to: 27_500, decimals: 0, noise: 90 },
};

interface Product {
  name: string;
  url: string;
  options: string[];
  /** Price range in minor units. */
  price: [number, number];
}

const CATALOG: Record<ForeignCurrency, Product[]> = {
  USD: [
    { name: 'Tai nghe Apple AirPods Pro (2nd generation)', url: 'https://www.amazon.com/dp/B0D1XD1ZV3', options: ['', 'USB-C'], price: [18_900, 24_900] },
    { name: 'Vitamin tổng hợp Kirkland Signature Daily Multi 500 viên', url: 'https://www.costco.com/kirkland-signature-daily-multi-500-tablets.product.100334645.html', options: [''], price: [1_599, 2_199] },
    { name: 'Giày Nike Air Force 1 \'07', url: 'https://www.nike.com/t/air-force-1-07-mens-shoes-jBrhbr', options: ['Size 40', 'Size 41', 'Size 42', 'Size 43'], price: [9_000, 11_500] },
    { name: 'Nồi chiên không dầu Ninja AF101', url: 'https://www.walmart.com/ip/Ninja-Air-Fryer-AF101/282526536', options: ['4 Qt'], price: [6_999, 9_999] },
    { name: 'Son dưỡng Laneige Lip Sleeping Mask', url: 'https://www.sephora.com/product/lip-sleeping-mask-P420652', options: ['Berry', 'Gummy Bear', 'Vanilla'], price: [2_400, 2_400] },
    { name: 'Đồng hồ Garmin Forerunner 265', url: 'https://www.bestbuy.com/site/garmin-forerunner-265/6532436.p', options: ['Black', 'Aqua'], price: [34_999, 44_999] },
    { name: 'Túi xách Coach Tabby Shoulder Bag 26', url: 'https://www.coach.com/products/tabby-shoulder-bag-26/CH857.html', options: ['Black', 'Chalk'], price: [29_500, 45_000] },
    { name: 'Omega-3 Nature Made Fish Oil 1200mg', url: 'https://www.amazon.com/dp/B004U3Y9FU', options: [''], price: [1_299, 1_899] },
  ],
  JPY: [
    { name: 'Kem chống nắng Anessa Perfect UV Skincare Milk 60ml', url: 'https://item.rakuten.co.jp/shiseido/anessa-milk-60/', options: [''], price: [2_980, 3_480] },
    { name: 'Nồi cơm điện Zojirushi NW-JX10', url: 'https://www.amazon.co.jp/dp/B0BTHV1B5H', options: ['5.5 合'], price: [29_800, 39_800] },
    { name: 'Áo khoác Uniqlo Ultra Light Down', url: 'https://www.uniqlo.com/jp/ja/products/E469871-000', options: ['S', 'M', 'L'], price: [5_990, 7_990] },
    { name: 'Viên uống DHC Collagen 60 ngày', url: 'https://www.dhc.co.jp/goods/goodsdetail.jsp?gCd=4065', options: [''], price: [1_400, 1_900] },
    { name: 'Máy ảnh Fujifilm Instax Mini 12', url: 'https://jp.mercari.com/item/m71234567890', options: ['Pastel Blue', 'Clay White'], price: [9_800, 12_800] },
    { name: 'Dầu gội Tsubaki Premium Moist 490ml', url: 'https://item.rakuten.co.jp/kenkocom/e478150h/', options: [''], price: [880, 1_280] },
    { name: 'Sữa Meiji Step 800g', url: 'https://www.amazon.co.jp/dp/B07P8X2J6F', options: [''], price: [2_280, 2_680] },
  ],
  KRW: [
    { name: 'Sữa rửa mặt COSRX Low pH Good Morning 150ml', url: 'https://www.coupang.com/vp/products/1342781', options: [''], price: [9_900, 12_000] },
    { name: 'Mặt nạ Mediheal N.M.F Aquaring (hộp 10 miếng)', url: 'https://global.oliveyoung.com/product/detail?prdtNo=GA210000123', options: [''], price: [15_000, 22_000] },
    { name: 'Hồng sâm KGC Everytime 30 gói', url: 'https://www.gmarket.co.kr/item?goodscode=2011234567', options: [''], price: [89_000, 120_000] },
    { name: 'Kem nền Hera Black Cushion SPF34', url: 'https://www.coupang.com/vp/products/6612789', options: ['21N1', '23N1', '17C1'], price: [44_000, 66_000] },
    { name: 'Áo hoodie Mardi Mercredi', url: 'https://www.musinsa.com/app/goods/2345678', options: ['Ivory', 'Navy', 'Melange'], price: [89_000, 119_000] },
    { name: 'Mì Shin Ramyun Black (thùng 32 gói)', url: 'https://www.coupang.com/vp/products/8123456', options: [''], price: [38_000, 45_000] },
  ],
  EUR: [
    { name: 'Sữa Aptamil Pronutra 800g (Đức)', url: 'https://www.dm.de/aptamil-pronutra-advance-1-p4056631003017.html', options: ['Số 1', 'Số 2'], price: [2_495, 2_995] },
    { name: 'Nồi WMF Provence Plus bộ 5 món', url: 'https://www.amazon.de/dp/B0000C7B43', options: [''], price: [11_999, 16_999] },
    { name: 'Giày Adidas Samba OG', url: 'https://www.zalando.de/adidas-originals-samba-og-sneaker-low-ad115o1ls-a11.html', options: ['EU 40', 'EU 41 1/3', 'EU 42'], price: [9_995, 11_995] },
    { name: 'Vitamin Centrum Mann 100 viên', url: 'https://www.shop-apotheke.com/arzneimittel/16343839/centrum-fuer-ihn.htm', options: [''], price: [2_390, 2_990] },
    { name: 'Dao Zwilling Pro 20cm', url: 'https://www.zwilling.com/de/zwilling-pro-kochmesser-20-cm-38401-201/38401-201-0.html', options: [''], price: [7_995, 10_995] },
  ],
};

const CONSIGNMENT_ITEMS: Record<ForeignCurrency, string[]> = {
  USD: ['Quần áo đã qua sử dụng', 'Sách tiếng Anh', 'Quà tặng gia đình', 'Phụ tùng xe đạp', 'Đồ chơi trẻ em'],
  JPY: ['Đồ gốm Nhật', 'Quần áo trẻ em', 'Mỹ phẩm cá nhân', 'Đồ gia dụng nhỏ'],
  KRW: ['Mỹ phẩm mẫu thử', 'Quần áo', 'Thực phẩm khô'],
  EUR: ['Thực phẩm chức năng', 'Đồ dùng nhà bếp', 'Quần áo mùa đông'],
};

const ORDER_NOTES = ['', '', '', '', 'Khách cần gấp trước Tết', 'Kiểm tra kỹ màu trước khi mua', 'Gộp chung kiện với đơn trước', 'Đóng gói chống sốc', 'Giao giờ hành chính'];
const DEPOSIT_NOTES = ['Nạp tiền vào ví', 'Chuyển khoản nạp ví', 'Nạp tiền mặt tại quầy', 'Khách gửi tiền đặt cọc'];
const PAYMENT_NOTES = ['Phí lưu kho quá hạn', 'Phí đóng gỗ', 'Phí kiểm đếm hàng', 'Phí chuyển phát nhanh nội thành', 'Phí bảo hiểm hàng hóa'];
const BANKS = ['VCB', 'TCB', 'ACB', 'MB', 'VPB', 'BIDV'];

const PURCHASE_PATH: OrderStatus[] = ['new', 'confirmed', 'purchased', 'received_abroad', 'in_transit', 'arrived', 'delivering', 'completed'];
const CONSIGNMENT_PATH: OrderStatus[] = ['new', 'confirmed', 'received_abroad', 'in_transit', 'arrived', 'delivering', 'completed'];

/** Monthly rows, oldest first: the first day of each of the last 13 months (Vietnamese calendar). */
function rateRows(r: Rng, now: number) {
  const today = businessDate(now);
  const [y, m] = today.split('-').map(Number) as [number, number];
  const rows: Array<{ currency: ForeignCurrency; effectiveFrom: string; rateX100: number }> = [];
  for (let k = 12; k >= 0; k--) {
    const d = new Date(Date.UTC(y, m - 1 - k, 1));
    const effectiveFrom = d.toISOString().slice(0, 10);
    for (const [currency, p] of Object.entries(RATE_PATH) as Array<[ForeignCurrency, (typeof RATE_PATH)[ForeignCurrency]]>) {
      const base = p.from + ((p.to - p.from) * (12 - k)) / 12;
      const value = k === 0 ? p.to : base + (r.next() * 2 - 1) * p.noise;
      const scale = 10 ** p.decimals;
      rows.push({ currency, effectiveFrom, rateX100: parseRateWire((Math.round(value * scale) / scale).toFixed(p.decimals))! });
    }
  }
  return rows;
}

interface SeedOrder {
  code: string;
  customerId: number;
  kind: OrderKind;
  currency: ForeignCurrency;
  rateX100: number;
  rateDate: string;
  items: Array<{ name: string; url: string | null; option: string; quantity: number; unitPriceMinor: number }>;
  lines: number[];
  serviceFeeMode: ServiceFeeMode;
  serviceFeeBps: number;
  serviceFeeFixed: number;
  serviceFee: number;
  itemsSubtotal: number;
  domesticFee: number;
  deposit: number;
  total: number;
  note: string;
  steps: Array<{ status: OrderStatus; at: number }>;
}

interface Movement {
  customerId: number;
  at: number;
  type: TransactionType;
  /** Signed. */
  amount: number;
  method: TransactionMethod;
  orderCode: string | null;
  reference: string;
  /** Typed by staff (demo text), or a system note's code and parameters. */
  note: string | TransactionNote;
}

/** Newest-biased age: a back office has more recent than old work in flight. */
const ageMs = (r: Rng, maxDays: number, bias = 1.6) => Math.floor(maxDays * DAY * r.next() ** bias);
const roundUp = (v: number, step: number) => Math.ceil(v / step) * step;
const bankRef = (r: Rng, at: number) => `${r.pick(BANKS)} FT${businessDate(at).replaceAll('-', '').slice(2)}${String(r.int(0, 99_999)).padStart(5, '0')}`;

export async function seedOrders(db: Db): Promise<void> {
  const r = rng(8080);
  const now = Date.now();

  // ---- exchange rates -------------------------------------------------------------------------
  const rates = rateRows(r, now);
  await db.insert(settings).values(
    rates.map((x) => ({
      kind: EXCHANGE_RATE_KIND,
      key: x.currency,
      value: { rate: formatRateWire(x.rateX100) },
      effectiveFrom: x.effectiveFrom,
      description: `Tỷ giá ${x.currency} (đồng / 1 ${x.currency})`,
    })),
  );
  const rateOn = (currency: ForeignCurrency, at: number) => {
    const day = businessDate(at);
    let best = rates.find((x) => x.currency === currency)!;
    for (const x of rates) if (x.currency === currency && x.effectiveFrom <= day && x.effectiveFrom >= best.effectiveFrom) best = x;
    return best;
  };

  // ---- orders ---------------------------------------------------------------------------------
  const people = await db
    .select({ id: customers.id, createdAt: customers.createdAt, creditLimit: customers.creditLimit })
    .from(customers)
    .where(and(eq(customers.status, 'active'), isNull(customers.deletedAt)))
    .orderBy(customers.id);
  if (!people.length) return;
  // A fifth of the customers place most of the orders, as in any shop.
  const regulars = people.filter((_, i) => i % 5 === 0);
  const pickCustomer = () => (r.next() < 0.5 ? r.pick(regulars) : r.pick(people));

  const drafts: Array<Omit<SeedOrder, 'code'> & { createdAt: number }> = [];
  for (let n = 0; n < ORDER_COUNT; n++) {
    const customer = pickCustomer();
    const earliest = Math.max(customer.createdAt.getTime() + DAY, now - 360 * DAY);
    // Orders lean harder towards recent days than wallet activity, so every status has work in flight.
    const createdAt = Math.min(now - 7_200_000, Math.max(earliest, now - ageMs(r, 360, 2.2)) + r.int(0, 3_600_000));
    const kind: OrderKind = r.next() < 0.8 ? 'purchase' : 'consignment';
    const roll = r.next();
    const currency: ForeignCurrency = roll < 0.45 ? 'USD' : roll < 0.7 ? 'JPY' : roll < 0.85 ? 'KRW' : 'EUR';
    const rate = rateOn(currency, createdAt);
    const items: SeedOrder['items'] = [];
    const count = kind === 'purchase' ? r.int(1, 4) : r.int(1, 3);
    for (let k = 0; k < count; k++) {
      if (kind === 'purchase') {
        const p = r.pick(CATALOG[currency]);
        const [lo, hi] = p.price;
        items.push({ name: p.name, url: p.url, option: r.pick(p.options), quantity: r.int(1, 3), unitPriceMinor: lo + Math.floor(r.next() * (hi - lo + 1)) });
      } else {
        const minor = currency === 'USD' || currency === 'EUR' ? r.int(20, 300) * 100 : currency === 'JPY' ? r.int(20, 300) * 100 : r.int(20, 300) * 1000;
        items.push({ name: r.pick(CONSIGNMENT_ITEMS[currency]), url: null, option: '', quantity: r.int(1, 5), unitPriceMinor: minor });
      }
    }
    const serviceFeeMode: ServiceFeeMode = kind === 'purchase' ? 'percent' : 'fixed';
    const serviceFeeBps = kind === 'purchase' ? r.pick([300, 500, 500, 500, 700, 1000]) : 0;
    const serviceFeeFixed = kind === 'consignment' ? r.pick([20_000, 30_000, 30_000, 50_000]) : 0;
    const domesticFee = r.next() < 0.5 ? 0 : r.pick([25_000, 30_000, 35_000, 45_000]);
    const provisional = orderTotals({ kind, currency, rateX100: rate.rateX100, items, serviceFeeMode, serviceFeeBps, serviceFeeFixed, domesticFee, deposit: 0 });
    // A buy-for-me order asks for 70 % up front, in round thousands.
    const deposit = kind === 'purchase' ? Math.floor((provisional.total * 0.7) / 1000) * 1000 : 0;
    const totals = orderTotals({ kind, currency, rateX100: rate.rateX100, items, serviceFeeMode, serviceFeeBps, serviceFeeFixed, domesticFee, deposit });

    const path = kind === 'purchase' ? PURCHASE_PATH : CONSIGNMENT_PATH;
    const steps: SeedOrder['steps'] = [{ status: 'new', at: createdAt }];
    const cancelAt = r.next() < 0.08 ? r.int(1, kind === 'purchase' ? 3 : 2) : -1;
    let t = createdAt;
    for (let s = 1; s < path.length; s++) {
      t += Math.floor((0.2 + r.next() * 3.5) * DAY);
      if (t > now - 600_000) break;
      if (s === cancelAt) {
        steps.push({ status: 'cancelled', at: t });
        break;
      }
      steps.push({ status: path[s]!, at: t });
      // Now and then a delivery fails and the parcel goes back to the warehouse for a second attempt.
      if (path[s] === 'delivering' && r.next() < 0.05 && t + DAY < now - 600_000) {
        t += Math.floor(0.5 * DAY);
        steps.push({ status: 'arrived', at: t });
        t += Math.floor(0.5 * DAY);
        steps.push({ status: 'delivering', at: t });
      }
    }
    drafts.push({
      createdAt,
      customerId: customer.id,
      kind,
      currency,
      rateX100: rate.rateX100,
      rateDate: rate.effectiveFrom,
      items,
      lines: totals.lines,
      serviceFeeMode,
      serviceFeeBps,
      serviceFeeFixed,
      serviceFee: totals.serviceFee,
      itemsSubtotal: totals.itemsSubtotal,
      domesticFee,
      deposit,
      total: totals.total,
      note: r.pick(ORDER_NOTES),
      steps,
    });
  }
  drafts.sort((a, b) => a.createdAt - b.createdAt);
  const seedOrders: SeedOrder[] = drafts.map((d, i) => ({ ...d, code: `DH${String(i + 1).padStart(8, '0')}` }));

  // ---- the wallet movements the orders cause ---------------------------------------------------
  const moves: Movement[] = [];
  // Follow-up work an order step triggers happens a little later, but never in the future.
  const soon = (t: number) => Math.min(t, now - 60_000);
  const stepAt = (o: SeedOrder, s: OrderStatus) => o.steps.find((x) => x.status === s)?.at;
  for (const o of seedOrders) {
    const confirmed = stepAt(o, 'confirmed');
    const cancelled = stepAt(o, 'cancelled');
    const completed = stepAt(o, 'completed');
    const arrived = stepAt(o, 'arrived');
    const method: TransactionMethod = r.next() < 0.7 ? 'bank_transfer' : 'cash';
    let paid = 0;
    if (o.kind === 'purchase' && confirmed !== undefined && o.deposit > 0) {
      const at = soon(confirmed + 1_800_000);
      moves.push({ customerId: o.customerId, at, type: 'deposit', amount: roundUp(o.deposit, 100_000), method, orderCode: o.code, reference: method === 'bank_transfer' ? bankRef(r, at) : '', note: orderNote('order_deposit_in', o.code) });
      moves.push({ customerId: o.customerId, at: soon(at + 300_000), type: 'payment', amount: -o.deposit, method, orderCode: o.code, reference: '', note: orderNote('order_deposit', o.code) });
      paid = o.deposit;
    }
    if (cancelled !== undefined && paid > 0) {
      moves.push({ customerId: o.customerId, at: soon(cancelled + 900_000), type: 'refund', amount: paid, method, orderCode: o.code, reference: '', note: orderNote('order_refund', o.code) });
      continue;
    }
    const due = o.total - paid;
    if (due <= 0) continue;
    if (completed !== undefined && r.next() < 0.35) {
      // Cash on delivery: the courier's cash credits the wallet, then the order's balance is charged.
      moves.push({ customerId: o.customerId, at: completed - 600_000, type: 'cod', amount: due, method: 'cash', orderCode: o.code, reference: '', note: orderNote('order_cod', o.code) });
      moves.push({ customerId: o.customerId, at: completed - 300_000, type: 'payment', amount: -due, method: 'cash', orderCode: o.code, reference: '', note: orderNote('order_balance', o.code) });
    } else if (arrived !== undefined) {
      moves.push({ customerId: o.customerId, at: soon(arrived + 3_600_000), type: 'payment', amount: -due, method, orderCode: o.code, reference: '', note: orderNote('order_balance', o.code) });
    }
  }

  // ---- top-ups where a payment would break the credit limit -------------------------------------
  const limits = new Map(people.map((p) => [p.id, p.creditLimit]));
  const byTime = (a: Movement, b: Movement) => a.at - b.at || a.customerId - b.customerId;
  moves.sort(byTime);
  const balance = new Map<number, number>();
  const ledger: Movement[] = [];
  for (const m of moves) {
    const b = balance.get(m.customerId) ?? 0;
    const limit = limits.get(m.customerId) ?? 0;
    if (!applyToBalance(b, limit, m.amount).ok) {
      const at = m.at - 1_200_000;
      const topUp = roundUp(-m.amount - (b + limit), 100_000);
      ledger.push({ customerId: m.customerId, at, type: 'deposit', amount: topUp, method: 'bank_transfer', orderCode: null, reference: bankRef(r, at), note: r.pick(DEPOSIT_NOTES) });
      balance.set(m.customerId, b + topUp);
    }
    ledger.push(m);
    balance.set(m.customerId, (balance.get(m.customerId) ?? 0) + m.amount);
  }

  // ---- everyday wallet activity up to exactly 3,000 rows ------------------------------------------
  // Each extra either adds money, or adds it before taking out no more than it added, so every balance
  // stays at or above what the rows above left it at: nothing here can break a credit limit.
  while (ledger.length < TRANSACTION_COUNT) {
    const p = r.pick(people);
    const from = Math.max(p.createdAt.getTime() + DAY, now - 360 * DAY);
    const at = Math.min(now - 3_600_000, Math.max(from, now - ageMs(r, 360)));
    const left = TRANSACTION_COUNT - ledger.length;
    const roll = r.next();
    const cash = r.next() < 0.35;
    const method: TransactionMethod = cash ? 'cash' : 'bank_transfer';
    const amount = r.int(2, 100) * 50_000;
    ledger.push({ customerId: p.id, at, type: 'deposit', amount, method, orderCode: null, reference: cash ? '' : bankRef(r, at), note: r.pick(DEPOSIT_NOTES) });
    if (left === 1 || roll < 0.45) continue;
    const later = Math.min(now - 600_000, at + r.int(1, 30) * DAY);
    if (roll < 0.8) {
      ledger.push({ customerId: p.id, at: later, type: 'payment', amount: -r.int(1, Math.floor(amount / 10_000)) * 10_000, method, orderCode: null, reference: '', note: r.pick(PAYMENT_NOTES) });
    } else if (roll < 0.9) {
      ledger.push({ customerId: p.id, at: later, type: 'adjustment', amount: r.int(1, 20) * 5_000, method, orderCode: null, reference: '', note: 'Hoàn phí do giao hàng trễ' });
    } else {
      ledger.push({ customerId: p.id, at: later, type: 'adjustment', amount: -Math.min(amount, r.int(1, 20) * 50_000), method: 'cash', orderCode: null, reference: '', note: 'Khách rút tiền mặt từ ví' });
    }
  }
  ledger.sort(byTime);

  // ---- write ------------------------------------------------------------------------------------
  const orderIds = new Map<string, number>();
  for (let i = 0; i < seedOrders.length; i += 250) {
    const batch = seedOrders.slice(i, i + 250);
    const inserted = await db
      .insert(orders)
      .values(
        batch.map((o) => {
          const last = o.steps.at(-1)!;
          return {
            code: o.code,
            customerId: o.customerId,
            kind: o.kind,
            status: last.status,
            statusAt: new Date(last.at),
            currency: o.currency,
            exchangeRateX100: o.rateX100,
            rateDate: o.rateDate,
            itemsSubtotal: o.itemsSubtotal,
            serviceFeeMode: o.serviceFeeMode,
            serviceFeeBps: o.serviceFeeBps,
            serviceFeeFixed: o.serviceFeeFixed,
            serviceFee: o.serviceFee,
            domesticFee: o.domesticFee,
            deposit: o.deposit,
            total: o.total,
            note: o.note,
            searchText: orderSearchText(o.code, o.items, o.note),
            version: o.steps.length,
            createdAt: new Date(o.steps[0]!.at),
            updatedAt: new Date(last.at),
          };
        }),
      )
      .returning({ id: orders.id, code: orders.code });
    for (const row of inserted) orderIds.set(row.code, row.id);
  }
  const itemRows = seedOrders.flatMap((o) =>
    o.items.map((it, position) => ({ orderId: orderIds.get(o.code)!, position, ...it, amount: o.lines[position]! })),
  );
  for (let i = 0; i < itemRows.length; i += 500) await db.insert(orderItems).values(itemRows.slice(i, i + 500));
  const eventRows = seedOrders.flatMap((o) =>
    o.steps.map((s, k) => ({ orderId: orderIds.get(o.code)!, fromStatus: k === 0 ? null : o.steps[k - 1]!.status, toStatus: s.status, note: '', at: new Date(s.at) })),
  );
  for (let i = 0; i < eventRows.length; i += 500) await db.insert(orderEvents).values(eventRows.slice(i, i + 500));

  // Every row goes through the ledger function, in time order: it applies the credit-limit rule, draws the
  // code, keeps balance_after and customers.balance and writes the audit row, exactly as the API does.
  const ctx = writeContextIn(db);
  for (const m of ledger) {
    await postMovement(ctx, {
      customerId: m.customerId,
      type: m.type,
      amount: m.type === 'adjustment' ? m.amount : Math.abs(m.amount),
      method: m.method,
      referenceType: m.orderCode ? 'order' : null,
      referenceId: m.orderCode ? orderIds.get(m.orderCode)! : null,
      reference: m.reference,
      ...(typeof m.note === 'string' ? { note: m.note } : m.note),
      at: new Date(m.at),
    });
  }
  // The order sequence continues after the seeded codes.
  await db.execute(sql`SELECT setval('order_code_seq', ${seedOrders.length})`);
}
