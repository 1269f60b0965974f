import { and, asc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { FlightLeg } from '../../../shared/contracts/mawbs';
import { makeAwb } from '../../../shared/domain/awb';
import { MAWB_FLOW, MAWB_STATUS_EFFECTS, type MawbStatus } from '../../../shared/domain/mawb-lifecycle';
import { flightsOf, mawbSearchText } from '../../modules/mawbs/index';
import type { Db } from '../client';
import { mawbEvents, mawbs, packages, trackingEvents, users } from '../schema/index';
import { rng, type Rng } from './names';

/**
 * 50 demo MAWBs on real routes from the Portland and Tokyo warehouses' gateways to SGN and HAN, in every
 * status, with AWB numbers taken in order from each airline's stock (valid check digits).
 *
 * Three steps, because packages and MAWBs point at each other:
 * 1. seedMawbs (before packages): the MAWB rows. Each one's milestone times (created, packages added,
 *    booked … closed) follow from its AWB number and creation time alone (`milestonesOf`), so the next
 *    steps recompute them instead of passing data around.
 * 2. seedPackages puts packages on them, writing the events the API would have written at those times.
 * 3. seedMawbTimeline (after packages): each MAWB's timeline, read back from its packages' events.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

interface RouteDef {
  prefix: string;
  origin: string;
  destination: 'SGN' | 'HAN';
  /** Flight number, from, to, block hours. */
  legs: Array<[string, string, string, number]>;
}

/** Gateways the US warehouse trucks to (LAX, SFO, SEA) and Tokyo's two airports. */
const SEED_ROUTES: readonly RouteDef[] = [
  { prefix: '695', origin: 'LAX', destination: 'SGN', legs: [['BR15', 'LAX', 'TPE', 14.6], ['BR391', 'TPE', 'SGN', 3.6]] },
  { prefix: '180', origin: 'LAX', destination: 'SGN', legs: [['KE12', 'LAX', 'ICN', 13.2], ['KE683', 'ICN', 'SGN', 5.4]] },
  { prefix: '738', origin: 'NRT', destination: 'HAN', legs: [['VN311', 'NRT', 'HAN', 5.8]] },
  { prefix: '988', origin: 'LAX', destination: 'HAN', legs: [['OZ201', 'LAX', 'ICN', 13.3], ['OZ729', 'ICN', 'HAN', 4.7]] },
  { prefix: '738', origin: 'NRT', destination: 'SGN', legs: [['VN301', 'NRT', 'SGN', 6.6]] },
  { prefix: '297', origin: 'SFO', destination: 'SGN', legs: [['CI3', 'SFO', 'TPE', 14.1], ['CI781', 'TPE', 'SGN', 3.6]] },
  { prefix: '205', origin: 'HND', destination: 'SGN', legs: [['NH891', 'HND', 'SGN', 6.9]] },
  { prefix: '180', origin: 'SEA', destination: 'HAN', legs: [['KE20', 'SEA', 'ICN', 11.8], ['KE679', 'ICN', 'HAN', 4.6]] },
  { prefix: '131', origin: 'NRT', destination: 'HAN', legs: [['JL751', 'NRT', 'HAN', 5.9]] },
  { prefix: '160', origin: 'LAX', destination: 'SGN', legs: [['CX883', 'LAX', 'HKG', 15.5], ['CX767', 'HKG', 'SGN', 2.7]] },
  { prefix: '695', origin: 'LAX', destination: 'HAN', legs: [['BR15', 'LAX', 'TPE', 14.6], ['BR397', 'TPE', 'HAN', 3.3]] },
  { prefix: '738', origin: 'SFO', destination: 'SGN', legs: [['VN99', 'SFO', 'SGN', 16.2]] },
  { prefix: '205', origin: 'HND', destination: 'HAN', legs: [['NH897', 'HND', 'HAN', 6.1]] },
  { prefix: '131', origin: 'NRT', destination: 'SGN', legs: [['JL759', 'NRT', 'SGN', 6.7]] },
];

/** Statuses and when each group reached its status (days ago); 50 in all. */
const PLAN: Array<{ status: MawbStatus; count: number; ago: [number, number] }> = [
  { status: 'closed', count: 16, ago: [12, 178] },
  { status: 'closed', count: 5, ago: [4, 11] },
  { status: 'received_at_hub', count: 6, ago: [0.3, 3] },
  { status: 'cleared', count: 3, ago: [0.1, 0.9] },
  { status: 'in_customs', count: 2, ago: [0.1, 1.2] },
  { status: 'arrived', count: 3, ago: [0.05, 0.25] },
  // Still in the air: placed by flight time (see seedMawbs).
  { status: 'departed', count: 4, ago: [0, 0] },
  { status: 'manifested', count: 2, ago: [0.1, 0.3] },
  { status: 'booked', count: 3, ago: [0.2, 1.5] },
  // Drafts are older than their last batch of packages (≤ 30 h after creation).
  { status: 'draft', count: 4, ago: [1.5, 3] },
  { status: 'cancelled', count: 2, ago: [3, 60] },
];

interface Milestones {
  created: number;
  /** The times packages were put on it, in batches. */
  adds: number[];
  /** When each status was (or would be) reached, following the flow; cancelled: when it was cancelled. */
  at: Record<MawbStatus, number>;
  /** Flight legs as planned and, from departure on, as flown (atd/ata filled per status). */
  legs: (status: MawbStatus) => FlightLeg[];
  /** Status a cancelled MAWB was cancelled from. */
  cancelledFrom: 'draft' | 'booked';
}

function routeOf(flights: string): RouteDef {
  const r = SEED_ROUTES.find((x) => flightsOf(x.legs.map(([flightNo]) => ({ flightNo }))) === flights);
  if (!r) throw new Error(`seed: no route for flights ${flights}`);
  return r;
}

const between = (r: Rng, [a, b]: [number, number]) => a + r.next() * (b - a);

/**
 * Every milestone time of a seeded MAWB, from its number (the random source) and creation time. Always
 * draws the same numbers in the same order, so it answers the same for every step that asks.
 */
function milestonesOf(awbNumber: string, createdAt: number, flights: string): Milestones {
  const r = rng(Number(awbNumber.replace('-', '').slice(3, 10)));
  const route = routeOf(flights);
  const ms = (h: number) => Math.round(h * HOUR);
  const created = createdAt;
  const adds = [created + ms(between(r, [0.5, 6])), created + ms(between(r, [6, 18])), created + ms(between(r, [18, 30]))];
  const booked = created + ms(between(r, [30, 48]));
  const manifested = booked + ms(between(r, [12, 40]));
  const plannedDeparture = manifested + ms(between(r, [4, 12]));
  const delay = ms(between(r, [0, 1.5]));
  const connections = route.legs.map(() => ms(between(r, [2, 6])));
  const slips = route.legs.map(() => ms(between(r, [-0.3, 0.4])));
  // Planned and flown legs: each leg leaves a connection after the previous one landed.
  const planned: Array<{ etd: number; eta: number; atd: number; ata: number }> = [];
  let etd = plannedDeparture;
  let atd = plannedDeparture + delay;
  route.legs.forEach(([, , , hours], i) => {
    const eta = etd + ms(hours);
    const ata = atd + ms(hours) + slips[i]!;
    planned.push({ etd, eta, atd, ata });
    etd = eta + connections[i]!;
    atd = Math.max(ata + connections[i]!, etd);
  });
  const departed = planned[0]!.atd;
  const arrived = planned.at(-1)!.ata;
  const inCustoms = arrived + ms(between(r, [2, 8]));
  const cleared = inCustoms + ms(between(r, [12, 60]));
  const receivedAtHub = cleared + ms(between(r, [3, 12]));
  const closed = receivedAtHub + ms(between(r, [48, 168]));
  const cancelledFrom = r.next() < 0.5 ? ('draft' as const) : ('booked' as const);
  const cancelled = (cancelledFrom === 'draft' ? created : booked) + ms(between(r, [2, 20]));
  const at: Record<MawbStatus, number> = {
    draft: created,
    booked,
    manifested,
    departed,
    arrived,
    in_customs: inCustoms,
    cleared,
    received_at_hub: receivedAtHub,
    closed,
    cancelled,
  };
  const iso = (t: number) => new Date(t).toISOString();
  const legs = (status: MawbStatus): FlightLeg[] => {
    const reached = (s: MawbStatus) => status !== 'cancelled' && MAWB_FLOW.indexOf(status) >= MAWB_FLOW.indexOf(s as (typeof MAWB_FLOW)[number]);
    return route.legs.map(([flightNo, from, to], i) => {
      const p = planned[i]!;
      // Departure records the first leg's ATD, arrival the last leg's ATA; by then staff entered the transit times.
      const flownAtd = reached('arrived') || (i === 0 && reached('departed'));
      return { flightNo, from, to, etd: iso(p.etd), eta: iso(p.eta), atd: flownAtd ? iso(p.atd) : null, ata: reached('arrived') ? iso(p.ata) : null };
    });
  };
  return { created, adds, at, legs, cancelledFrom };
}

/** The statuses a MAWB went through to reach `status`, in order (draft first). */
export function pathTo(status: MawbStatus, cancelledFrom: 'draft' | 'booked'): MawbStatus[] {
  if (status === 'cancelled') return cancelledFrom === 'draft' ? ['draft', 'cancelled'] : ['draft', 'booked', 'cancelled'];
  return MAWB_FLOW.slice(0, MAWB_FLOW.indexOf(status as (typeof MAWB_FLOW)[number]) + 1);
}

export interface SeededMawb {
  id: number;
  awbNumber: string;
  status: MawbStatus;
  origin: string;
  destination: string;
  flightLegs: FlightLeg[];
  milestones: Milestones;
}

/** The seeded MAWBs with their milestone times (for the packages step). */
export async function loadSeededMawbs(db: Db): Promise<SeededMawb[]> {
  const rows = await db
    .select({ id: mawbs.id, awbNumber: mawbs.awbNumber, status: mawbs.status, origin: mawbs.origin, destination: mawbs.destination, flightLegs: mawbs.flightLegs, flights: mawbs.flights, createdAt: mawbs.createdAt })
    .from(mawbs)
    .where(isNull(mawbs.deletedAt))
    .orderBy(asc(mawbs.id));
  return rows.map((m) => ({ ...m, milestones: milestonesOf(m.awbNumber, m.createdAt.getTime(), m.flights) }));
}

export async function seedMawbs(db: Db): Promise<void> {
  const r = rng(7381);
  const now = Date.now();
  const [staff] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'staff@cargo.test'));
  const actor = staff?.id ?? null;
  // Each airline's AWB stock: consecutive serials from a starting one, as a forwarder is issued them.
  const stock = new Map<string, number>();
  const nextNumber = (prefix: string) => {
    const serial = stock.get(prefix) ?? r.int(1_000_000, 8_999_999);
    stock.set(prefix, serial + r.int(1, 3));
    return makeAwb(prefix, serial);
  };

  const rows: Array<typeof mawbs.$inferInsert> = [];
  let routeIndex = 0;
  for (const group of PLAN) {
    for (let k = 0; k < group.count; k++) {
      const route = SEED_ROUTES[routeIndex++ % SEED_ROUTES.length]!;
      const awbNumber = nextNumber(route.prefix);
      const flights = flightsOf(route.legs.map(([flightNo]) => ({ flightNo })));
      const rel = milestonesOf(awbNumber, 0, flights);
      let statusAt: number;
      if (group.status === 'departed') {
        // In the air now: departed between half an hour after take-off and an hour before landing.
        const flying = rel.at.arrived - rel.at.departed;
        statusAt = now - Math.round(0.5 * HOUR + r.next() * Math.max(0, flying - 1.5 * HOUR));
      } else {
        statusAt = now - Math.round(between(r, group.ago) * DAY);
      }
      const created = statusAt - rel.at[group.status];
      const m = milestonesOf(awbNumber, created, flights);
      const legs = m.legs(group.status);
      rows.push({
        awbNumber,
        airlinePrefix: route.prefix,
        origin: route.origin,
        destination: route.destination,
        flightLegs: legs,
        flights,
        etd: new Date(legs[0]!.etd),
        eta: new Date(legs.at(-1)!.eta),
        atd: legs[0]!.atd ? new Date(legs[0]!.atd) : null,
        ata: legs.at(-1)!.ata ? new Date(legs.at(-1)!.ata!) : null,
        status: group.status,
        statusAt: new Date(m.at[group.status]),
        note: group.status === 'cancelled' ? 'Hãng hủy chỗ, hàng chuyển sang MAWB khác' : '',
        searchText: mawbSearchText({ awbNumber, flights, origin: route.origin, destination: route.destination }),
        createdAt: new Date(created),
        updatedAt: new Date(m.at[group.status]),
        createdBy: actor,
        updatedBy: actor,
        version: pathTo(group.status, m.cancelledFrom).length,
      });
    }
  }
  await db.insert(mawbs).values(rows);
}

/**
 * Each MAWB's timeline, as the API writes it: created, packages added (per batch), and every status move
 * with the packages it wrote an event to (read back from the packages' events at that instant).
 */
export async function seedMawbTimeline(db: Db): Promise<void> {
  const [staff] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'staff@cargo.test'));
  const actor = staff?.id ?? null;
  const seeded = await loadSeededMawbs(db);
  const events = await db
    .select({ mawbId: packages.mawbId, code: packages.code, eventCode: trackingEvents.code, iataCode: trackingEvents.iataCode, occurredAt: trackingEvents.occurredAt })
    .from(trackingEvents)
    .innerJoin(packages, eq(packages.id, trackingEvents.packageId))
    .where(and(isNotNull(packages.mawbId), isNull(packages.deletedAt)))
    .orderBy(asc(packages.code));
  const byMawb = new Map<number, typeof events>();
  for (const e of events) byMawb.set(e.mawbId!, [...(byMawb.get(e.mawbId!) ?? []), e]);

  const rows: Array<typeof mawbEvents.$inferInsert> = [];
  for (const m of seeded) {
    const mine = byMawb.get(m.id) ?? [];
    const codesAt = (t: number, pick: (e: (typeof mine)[number]) => boolean) =>
      [...new Set(mine.filter((e) => e.occurredAt.getTime() === t && pick(e)).map((e) => e.code))];
    const entries: Array<typeof mawbEvents.$inferInsert> = [{ mawbId: m.id, kind: 'created', toStatus: 'draft', actorId: actor, occurredAt: new Date(m.milestones.created) }];
    for (const t of m.milestones.adds) {
      const codes = codesAt(t, (e) => e.eventCode === 'on_mawb' && e.iataCode === null);
      if (codes.length) entries.push({ mawbId: m.id, kind: 'packages_added', packageCount: codes.length, packageCodes: codes.slice(0, 50), actorId: actor, occurredAt: new Date(t) });
    }
    const path = pathTo(m.status, m.milestones.cancelledFrom);
    for (let i = 1; i < path.length; i++) {
      const to = path[i]!;
      const effect = MAWB_STATUS_EFFECTS[to];
      const t = m.milestones.at[to];
      const codes = effect ? codesAt(t, (e) => e.eventCode === effect.code && e.iataCode === effect.iataCode) : [];
      entries.push({
        mawbId: m.id,
        kind: 'status',
        fromStatus: path[i - 1]!,
        toStatus: to,
        iataCode: effect?.iataCode ?? null,
        packageCount: codes.length,
        packageCodes: codes.slice(0, 50),
        note: to === 'cancelled' ? 'Hãng hủy chỗ' : '',
        actorId: actor,
        occurredAt: new Date(t),
      });
    }
    rows.push(...entries);
  }
  for (let i = 0; i < rows.length; i += 1000) await db.insert(mawbEvents).values(rows.slice(i, i + 1000));
}
