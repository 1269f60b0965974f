import { eq, isNull, sql } from 'drizzle-orm';
import { airportByCode, airportLabel } from '../../../shared/domain/airports';
import { MAWB_ADD_EFFECT, MAWB_STATUS_EFFECTS, type MawbStatus } from '../../../shared/domain/mawb-lifecycle';
import { mawbAddedNote, mawbStatusNote, type EventNoteCode, type EventNoteParams } from '../../../shared/domain/event-notes';
import { DEFAULT_IATA_CODE, type PackageStatus } from '../../../shared/domain/package-status';
import { parcelFigures } from '../../../shared/domain/weight';
import { packageSearchText } from '../../modules/packages/index';
import type { Db } from '../client';
import { customers, packages, stores, trackingEvents, users } from '../schema/index';
import { loadSeededMawbs, pathTo, type SeededMawb } from './mawbs';
import { FAMILY_NAMES, GIVEN_NAMES, MIDDLE_NAMES, mobile, rng, type Rng } from './names';

/**
 * 2,000 demo packages across every status, each with a consistent event history (times increasing, the
 * cached status equal to the newest event), from the Portland and Tokyo warehouses to SGN or HAN and the
 * customer. Carrier numbers look like the real ones (UPS 1Z…, USPS 94…, FedEx and Yamato 12 digits, Japan
 * Post EJ…JP) with their check digits. Deterministic, like every seed step.
 *
 * Every package that has left its warehouse sits on one of the seeded MAWBs (seed/mawbs.ts runs first) whose
 * status matches its own, and its events from consolidation to the Vietnamese hub are the ones the MAWB
 * API writes, at the MAWB's milestone times: on_mawb when put on it, then BKD, MAN, DEP, RCF, CRC (in customs), CCD, NFD.
 * A parcel lost in transit was lost at the transfer airport and received no event after that.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** How many packages end in each status (2,000 in all; ≥ 100 received abroad and not on a MAWB). */
const STATUS_COUNTS: Record<PackageStatus, number> = {
  expected: 200,
  received_abroad: 300,
  on_mawb: 120,
  departed: 120,
  arrived: 100,
  in_customs: 32,
  cleared: 80,
  // Every seeded parcel flies to its own hub's airport: none goes on to another hub.
  in_transfer: 0,
  ready: 200,
  on_slip: 100,
  out_for_delivery: 80,
  delivered: 560,
  on_hold: 40,
  // A few parcels of a MAWB in customs are held for inspection; the rest only wait on routine clearance.
  customs_hold: 8,
  damaged: 20,
  lost: 10,
  returned: 30,
};

// ---- carrier numbers -------------------------------------------------------------------------------

const digits = (r: Rng, n: number) => Array.from({ length: n }, () => r.int(0, 9)).join('');
const ALNUM = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';

/** UPS 1Z: 15 characters after "1Z", letters valued (ASCII − 63) mod 10, even positions doubled, mod 10. */
function upsCheckDigit(body15: string): number {
  let sum = 0;
  for (let i = 0; i < body15.length; i++) {
    const c = body15[i]!;
    let v = /\d/.test(c) ? Number(c) : (c.charCodeAt(0) - 63) % 10;
    if (i % 2 === 1) v *= 2;
    sum += v;
  }
  return (10 - (sum % 10)) % 10;
}

/** GS1 mod 10, as USPS IMpb numbers carry it: weights 3,1 from the right. */
function mod10CheckDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i++) sum += Number(body[body.length - 1 - i]) * (i % 2 === 0 ? 3 : 1);
  return (10 - (sum % 10)) % 10;
}

/** UPU S10 (Japan Post EMS "EJ…JP"): weights 8,6,4,2,3,5,9,7; 10 → 0, 11 → 5. */
function s10CheckDigit(serial8: string): number {
  const w = [8, 6, 4, 2, 3, 5, 9, 7];
  const c = 11 - ([...serial8].reduce((s, d, i) => s + Number(d) * w[i]!, 0) % 11);
  return c === 10 ? 0 : c === 11 ? 5 : c;
}

function trackingNumber(r: Rng, origin: 'US' | 'JP'): string {
  const roll = r.next();
  if (origin === 'US') {
    if (roll < 0.45) {
      const shipper = Array.from({ length: 6 }, () => ALNUM[r.int(0, ALNUM.length - 1)]).join('');
      const body = `${shipper}${r.pick(['01', '02', '03', '12', '13'])}${digits(r, 7)}`;
      return `1Z${body}${upsCheckDigit(body)}`;
    }
    if (roll < 0.8) {
      const body = `${r.pick(['9400', '9405', '9205', '9361'])}1${digits(r, 16)}`;
      return `${body}${mod10CheckDigit(body)}`;
    }
    return `${r.pick(['7', '5', '2'])}${digits(r, 11)}`;
  }
  if (roll < 0.55) {
    // Yamato: 11 digits and a check digit = those 11 digits mod 7.
    const body = `${r.int(2, 9)}${digits(r, 10)}`;
    return `${body}${Number(BigInt(body) % 7n)}`;
  }
  const serial = digits(r, 8);
  return `EJ${serial}${s10CheckDigit(serial)}JP`;
}

// ---- what is in the box ----------------------------------------------------------------------------

const US_CONTENTS = [
  'Vitamin tổng hợp Kirkland', 'Giày Nike Air Max', 'Son MAC Ruby Woo', 'Sữa rửa mặt CeraVe', 'Áo khoác The North Face',
  'Túi Coach Tabby', 'Nước hoa Victoria\'s Secret', 'Ốp lưng iPhone', 'Quần áo trẻ em Carter\'s', 'Dầu cá Omega-3 Nature Made',
  'Tai nghe AirPods Pro', 'Đồng hồ Fossil', 'Kem chống nắng Neutrogena', 'Sách tiếng Anh', 'Bình giữ nhiệt Stanley',
];
const JP_CONTENTS = [
  'Sữa Meiji Step', 'Mỹ phẩm Shiseido', 'Nồi cơm điện Zojirushi', 'Dầu gội Tsubaki', 'Kem chống nắng Anessa',
  'Collagen Shiseido dạng nước', 'Bánh kẹo Royce', 'Dao Kai Seki', 'Bỉm Merries', 'Máy lọc không khí Sharp',
  'Thuốc bổ DHC', 'Gấu bông Sanrio', 'Trà xanh Uji', 'Quần áo Uniqlo', 'Viên uống Orihiro',
];

// ---- event paths -----------------------------------------------------------------------------------

interface SeedEvent {
  code: PackageStatus;
  iataCode: string | null;
  location: string;
  note: string;
  noteCode?: EventNoteCode | null;
  noteParams?: EventNoteParams;
  occurredAt: number;
  visibility: 'public' | 'internal';
  actorId: number | null;
}

interface Places {
  origin: 'US' | 'JP';
  originName: string;
  hub: 'SGN' | 'HAN';
  hubName: string;
  province: string;
}

const SHIPPERS = { SGN: 'TP. Hồ Chí Minh', HAN: 'Hà Nội' };
const HOLD_REASONS = ['Chờ khách xác nhận hàng có pin lithium', 'Chờ khách bổ sung hóa đơn mua hàng', 'Hàng cần kiểm tra thêm trước khi đóng MAWB'];
const CUSTOMS_HOLD_NOTES = ['Hải quan kiểm tra thực tế hàng hoá', 'Hải quan yêu cầu bổ sung hoá đơn mua hàng', 'Chờ giấy phép nhập khẩu cho mỹ phẩm'];
const DAMAGE_NOTES = ['Thùng móp góc, hàng bên trong nguyên vẹn', 'Hộp rách, đã chụp ảnh và quấn lại', 'Vỡ một chai, đã báo khách'];

/** Which MAWBs a package of this status can be on; null: it has not left its warehouse. */
const MAWB_FOR: Partial<Record<PackageStatus, (m: SeededMawb) => boolean>> = {
  on_mawb: (m) => m.status === 'draft' || m.status === 'booked' || m.status === 'manifested',
  departed: (m) => m.status === 'departed',
  arrived: (m) => m.status === 'arrived',
  in_customs: (m) => m.status === 'in_customs',
  customs_hold: (m) => m.status === 'in_customs',
  cleared: (m) => m.status === 'cleared',
  // Waiting at the hub or on its way to the customer: the recent hub arrivals.
  ready: (m) => m.status === 'received_at_hub',
  on_slip: (m) => m.status === 'received_at_hub',
  out_for_delivery: (m) => m.status === 'received_at_hub',
  delivered: (m) => m.status === 'closed',
  // Lost at the transfer in Incheon, found missing when the shipment was reconciled.
  lost: (m) => m.status === 'closed' && m.flightLegs.length > 1 && m.flightLegs[0]!.to === 'ICN',
};

/** Hours between a → b, as a random duration in ms. */
const hours = (r: Rng, a: number, b: number) => (a + r.next() * (b - a)) * HOUR;

/** Before a parcel reaches a MAWB: announced (most of them), then received, weighed and photographed abroad. */
function warehouseEvents(p: Places, r: Rng, receivedAt: number, withPrealert: boolean, actor: number | null): SeedEvent[] {
  const events: SeedEvent[] = [];
  if (withPrealert) {
    events.push({ code: 'expected', iataCode: null, location: '', note: 'Khách báo mã vận đơn', occurredAt: receivedAt - hours(r, 24, 168), visibility: 'public', actorId: null });
  }
  events.push({ code: 'received_abroad', iataCode: DEFAULT_IATA_CODE.received_abroad!, location: p.originName, note: 'Đã cân, đo và chụp ảnh kiện', occurredAt: receivedAt, visibility: 'public', actorId: actor });
  return events;
}

/** Days ago the newest event of a parcel that never left its warehouse happened. */
function endAgo(status: PackageStatus, r: Rng): number {
  if (status === 'returned') return (1 + r.next() * 170) * DAY;
  if (status === 'expected') return r.next() * 6 * DAY;
  return (0.05 + r.next() * 4) * DAY;
}

/** A parcel still at (or sent back from) its foreign warehouse. */
function warehousePath(status: PackageStatus, p: Places, r: Rng, now: number, actor: number | null): SeedEvent[] {
  const end = now - endAgo(status, r);
  if (status === 'expected') {
    return [{ code: 'expected', iataCode: null, location: '', note: 'Khách báo mã vận đơn', occurredAt: end, visibility: 'public', actorId: null }];
  }
  const prealert = r.next() < 0.7;
  switch (status) {
    case 'received_abroad':
      return warehouseEvents(p, r, end, prealert, actor);
    case 'on_hold': {
      const received = end - hours(r, 2, 48);
      return [...warehouseEvents(p, r, received, prealert, actor), { code: 'on_hold', iataCode: null, location: p.originName, note: r.pick(HOLD_REASONS), occurredAt: end, visibility: 'internal', actorId: actor }];
    }
    case 'returned': {
      const held = end - hours(r, 48, 240);
      const received = held - hours(r, 2, 48);
      return [
        ...warehouseEvents(p, r, received, prealert, actor),
        { code: 'on_hold', iataCode: null, location: p.originName, note: r.pick(HOLD_REASONS), occurredAt: held, visibility: 'internal', actorId: actor },
        { code: 'returned', iataCode: null, location: p.originName, note: 'Khách yêu cầu hoàn trả người bán', occurredAt: end, visibility: 'public', actorId: actor },
      ];
    }
    case 'damaged': {
      const received = end - hours(r, 1, 12);
      return [...warehouseEvents(p, r, received, prealert, actor), { code: 'damaged', iataCode: DEFAULT_IATA_CODE.damaged!, location: p.originName, note: r.pick(DAMAGE_NOTES), occurredAt: end, visibility: 'public', actorId: actor }];
    }
    default:
      throw new Error(`no warehouse path for ${status}`);
  }
}

/** Squeezes durations that would run past `limit` so the last event still happened before it. */
function fit(start: number, durations: number[], limit: number): number[] {
  const total = durations.reduce((a, b) => a + b, 0);
  const room = limit - start;
  const scale = total > room ? room / total : 1;
  const times: number[] = [];
  let t = start;
  for (const d of durations) times.push((t += Math.round(d * scale)));
  return times;
}

/**
 * A parcel that travelled on MAWB `m`: its warehouse events, put on the MAWB in one of its batches, then
 * every MAWB move's event at the move's time (as the API writes them), then what happened at the hub.
 */
function mawbPath(status: PackageStatus, m: SeededMawb, p: Places, r: Rng, now: number, actor: number | null): SeedEvent[] {
  const t = m.milestones;
  const addAt = r.pick(t.adds);
  const events = warehouseEvents(p, r, addAt - hours(r, 12, 96), r.next() < 0.7, actor);
  events.push({ code: MAWB_ADD_EFFECT.code, iataCode: MAWB_ADD_EFFECT.iataCode, location: airportLabel(m.origin), note: '', ...mawbAddedNote(m.awbNumber), occurredAt: addAt, visibility: 'public', actorId: actor });
  const lostAt = status === 'lost' ? Date.parse(m.flightLegs[0]!.ata!) + hours(r, 0.5, 2) : Infinity;
  for (const s of pathTo(m.status, t.cancelledFrom).slice(1) as MawbStatus[]) {
    const effect = MAWB_STATUS_EFFECTS[s];
    if (!effect || t.at[s] > lostAt) continue;
    let location = airportLabel(effect.at === 'origin' ? m.origin : m.destination);
    if (effect.code === 'ready') location = p.hubName;
    events.push({ code: effect.code, iataCode: effect.iataCode, location, note: '', ...mawbStatusNote(m.awbNumber, s), occurredAt: t.at[s], visibility: 'public', actorId: actor });
  }
  if (status === 'lost') {
    const transfer = m.flightLegs[0]!.to;
    events.push({ code: 'lost', iataCode: DEFAULT_IATA_CODE.lost!, location: airportLabel(transfer), note: `Không tìm thấy kiện khi chuyển tải tại ${airportByCode(transfer)?.city ?? transfer}`, occurredAt: lostAt, visibility: 'public', actorId: null });
    return events;
  }
  const limit = now - 10 * 60_000;
  if (status === 'customs_hold') {
    const [at] = fit(t.at.in_customs, [hours(r, 1, 6)], limit);
    const place = airportLabel(m.destination);
    events.push({ code: 'customs_hold', iataCode: null, location: place, note: r.pick(CUSTOMS_HOLD_NOTES), occurredAt: at!, visibility: 'public', actorId: actor });
    return events;
  }
  const hub = t.at.received_at_hub;
  if (status === 'damaged') {
    const [at] = fit(hub, [hours(r, 1, 12)], limit);
    events.push({ code: 'damaged', iataCode: DEFAULT_IATA_CODE.damaged!, location: p.hubName, note: r.pick(DAMAGE_NOTES), occurredAt: at!, visibility: 'public', actorId: actor });
    return events;
  }
  const after: Array<{ code: PackageStatus; location: string; note: string; d: number }> = [
    { code: 'on_slip', location: p.hubName, note: 'Đã lên phiếu giao hàng', d: hours(r, 4, 96) },
    { code: 'out_for_delivery', location: SHIPPERS[p.hub], note: `Nhân viên giao: ${r.pick(FAMILY_NAMES)} ${r.pick(MIDDLE_NAMES)} ${r.pick(GIVEN_NAMES)} – ${mobile(r)}`, d: hours(r, 2, 24) },
    { code: 'delivered', location: p.province, note: 'Khách đã nhận hàng', d: hours(r, 1, 8) },
  ];
  const steps = status === 'on_slip' ? 1 : status === 'out_for_delivery' ? 2 : status === 'delivered' ? 3 : 0;
  const times = fit(hub, after.slice(0, steps).map((a) => a.d), limit);
  after.slice(0, steps).forEach((a, i) => {
    events.push({ code: a.code, iataCode: DEFAULT_IATA_CODE[a.code] ?? null, location: a.location, note: a.note, occurredAt: times[i]!, visibility: 'public', actorId: actor });
  });
  return events;
}

/** A box for the weight: its volumetric weight 0.4–2.6 × the real one, sides rounded to the centimetre. */
function boxFor(weightG: number, r: Rng) {
  const volumeMm3 = weightG * 6000 * (0.4 + r.next() * 2.2);
  const a = 0.5 + r.next() * 0.4;
  const b = 0.2 + r.next() * 0.5;
  const length = Math.cbrt(volumeMm3 / (a * b));
  const cm = (mm: number) => Math.min(1200, Math.max(30, Math.round(mm / 10) * 10));
  return { lengthMm: cm(length), widthMm: cm(length * a), heightMm: cm(length * b) };
}

function shuffled<T>(list: T[], r: Rng): T[] {
  const a = [...list];
  for (let i = a.length - 1; i > 0; i--) {
    const j = r.int(0, i);
    [a[i], a[j]] = [a[j]!, a[i]!];
  }
  return a;
}

export async function seedPackages(db: Db): Promise<void> {
  const r = rng(6006);
  const storeRows = await db.select({ id: stores.id, code: stores.code, name: stores.name }).from(stores);
  const store = (code: string) => storeRows.find((s) => s.code === code)!;
  const origins = { US: store('US-OR'), JP: store('JP-TYO') };
  const hubs = { SGN: store('VN-SGN'), HAN: store('VN-HAN') };
  const customerRows = await db
    .select({ id: customers.id, code: customers.code, province: customers.province })
    .from(customers)
    .where(isNull(customers.deletedAt))
    .orderBy(customers.id);
  const [staff] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'staff@cargo.test'));
  const warehouseActor = staff?.id ?? null;
  const seededMawbs = await loadSeededMawbs(db);

  const plan = shuffled(
    Object.entries(STATUS_COUNTS).flatMap(([s, n]) => Array.from({ length: n }, () => s as PackageStatus)),
    r,
  );
  const codeRows = await db.execute(sql`SELECT 'PK' || lpad(nextval('package_code_seq')::text, 8, '0') AS code FROM generate_series(1, ${plan.length})`);
  const codes = ((codeRows as unknown as { rows: Array<{ code: string }> }).rows).map((c) => c.code);

  const now = Date.now();
  const taken = new Set<string>();
  const packageRows: Array<typeof packages.$inferInsert> = [];
  const eventsByCode = new Map<string, SeedEvent[]>();

  plan.forEach((status, i) => {
    const code = codes[i]!;
    // Two damaged parcels in three were found damaged at the Vietnamese hub, after the flight.
    const onMawbFilter = status === 'damaged' ? (r.next() < 0.67 ? (m: SeededMawb) => m.status === 'received_at_hub' : undefined) : MAWB_FOR[status];
    const eligible = onMawbFilter ? seededMawbs.filter(onMawbFilter) : [];
    if (onMawbFilter && !eligible.length) throw new Error(`seed: no MAWB for a ${status} package`);
    const mawb = eligible.length ? r.pick(eligible) : null;
    const origin: 'US' | 'JP' = mawb ? (airportByCode(mawb.origin)!.country === 'JP' ? 'JP' : 'US') : r.next() < 0.6 ? 'US' : 'JP';
    const hub: 'SGN' | 'HAN' = mawb ? (mawb.destination === 'HAN' ? 'HAN' : 'SGN') : r.next() < 0.6 ? 'SGN' : 'HAN';
    // A few parcels arrive with nothing tying them to a customer: the warehouse must identify them.
    const unowned = (status === 'received_abroad' && i % 20 === 0) || (status === 'on_hold' && i % 7 === 0);
    const customer = unowned ? null : r.pick(customerRows);
    const places: Places = {
      origin,
      originName: origins[origin].name,
      hub,
      hubName: hubs[hub].name,
      province: customer?.province || SHIPPERS[hub],
    };
    const events = mawb ? mawbPath(status, mawb, places, r, now, warehouseActor) : warehousePath(status, places, r, now, warehouseActor);
    const first = events[0]!.occurredAt;
    const last = events.at(-1)!;

    let tn = trackingNumber(r, origin);
    while (taken.has(tn)) tn = trackingNumber(r, origin);
    taken.add(tn);

    const measured = status !== 'expected';
    const weightG = measured ? Math.round(Math.exp(Math.log(150) + r.next() * (Math.log(18_000) - Math.log(150)))) : null;
    const dims = weightG ? boxFor(weightG, r) : null;
    const figures = parcelFigures({ weightG, ...dims });
    const contents = r.pick(origin === 'US' ? US_CONTENTS : JP_CONTENTS);
    const declared = r.next() < 0.7;
    packageRows.push({
      code,
      trackingNumber: tn,
      customerId: customer?.id ?? null,
      storeId: origins[origin].id,
      destinationStoreId: hubs[hub].id,
      mawbId: mawb?.id ?? null,
      weightG,
      lengthMm: dims?.lengthMm ?? null,
      widthMm: dims?.widthMm ?? null,
      heightMm: dims?.heightMm ?? null,
      ...figures,
      declaredValue: declared ? (origin === 'US' ? r.int(5, 500) * 100 : r.int(10, 800) * 100) : null,
      declaredCurrency: declared ? (origin === 'US' ? 'USD' : 'JPY') : null,
      contents,
      status: last.code,
      statusAt: new Date(last.occurredAt),
      unidentified: customer === null,
      searchText: packageSearchText({ code, trackingNumber: tn, customerCode: customer?.code, contents }),
      createdAt: new Date(first),
      updatedAt: new Date(last.occurredAt),
      createdBy: warehouseActor,
      updatedBy: warehouseActor,
    });
    eventsByCode.set(code, events);
  });

  const ids = new Map<string, number>();
  for (let i = 0; i < packageRows.length; i += 500) {
    const inserted = await db.insert(packages).values(packageRows.slice(i, i + 500)).returning({ id: packages.id, code: packages.code });
    for (const row of inserted) ids.set(row.code, row.id);
  }
  const eventRows = [...eventsByCode].flatMap(([code, events]) =>
    events.map((e) => ({ ...e, occurredAt: new Date(e.occurredAt), createdAt: new Date(e.occurredAt), packageId: ids.get(code)! })),
  );
  for (let i = 0; i < eventRows.length; i += 2000) await db.insert(trackingEvents).values(eventRows.slice(i, i + 2000));
}
