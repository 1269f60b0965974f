import { and, asc, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { PACKAGE_STATUS_LABELS } from '../../../shared/contracts/packages';
import type { PublicFlight, PublicTrackingItem, PublicTrackingQuery, PublicTrackingResponse } from '../../../shared/contracts/public-tracking';
import type { MawbStatus } from '../../../shared/domain/mawb-lifecycle';
import type { EventCode, PackageStatus } from '../../../shared/domain/package-status';
import type { MessageLanguage } from '../../../shared/i18n/language';
import { localizeMessage } from '../../../shared/i18n/localize';
import type { Db } from '../../db/client';
import { deliverySlipPackages, deliverySlips, mawbs, packages, stores } from '../../db/schema/index';
import { createCoalescingCache, type CoalescingCache } from './public-tracking.cache';

/**
 * What the public tracking page may know about a package, in no particular language. It is read by one query
 * for a whole lookup and kept in a short in-process cache shared by every reader (public-tracking.cache.ts).
 * Nothing else of the package is selected, so nothing else can reach the answer: no customer, no weights or
 * money, no notes, no actor, no database id.
 */
export interface PublicPackage {
  /** The package code: only used to show one package once when a reader gives both of its numbers. */
  code: string;
  status: PackageStatus;
  origin: string | null;
  destination: string | null;
  flight: PublicFlight | null;
  events: Array<{ code: EventCode; location: string; at: string }>;
}

/** How long an answer is reused: a number asked any number of times costs one query per this many ms. */
export const PUBLIC_TRACKING_CACHE_MS = 1_000;
/** Numbers kept at most (a lookup takes 20, so this is hundreds of concurrent readers). */
const PUBLIC_TRACKING_CACHE_ENTRIES = 5_000;

/** The flight is public once the MAWB has left: before that the booking may still change. */
const FLOWN: readonly MawbStatus[] = ['departed', 'arrived', 'in_customs', 'cleared', 'received_at_hub', 'closed'];

const originStores = alias(stores, 'public_origin_stores');
const hubStores = alias(stores, 'public_hub_stores');
const iso = (v: Date | string) => new Date(v).toISOString();
const isoOrNull = (v: Date | string | null) => (v == null ? null : iso(v));

interface Row {
  code: string;
  trackingNumber: string;
  origin: string | null;
  destination: string | null;
  mawbStatus: MawbStatus | null;
  flights: string | null;
  from: string | null;
  to: string | null;
  atd: Date | string | null;
  ata: Date | string | null;
  events: Array<{ code: EventCode; location: string; at: string }>;
}

/**
 * Every live package one of `numbers` names (tracking number or package code), keyed by that number, in one
 * query. A tracking number that looks like another package's code loses to the code, as in the staff search:
 * labels carry codes. Only public events are read, newest first; the public status is the newest public
 * event's, so an internal event (a hold noted for the office) changes nothing a reader sees.
 */
async function loadPublicPackages(db: Db, numbers: string[]): Promise<Map<string, PublicPackage>> {
  const rows: Row[] = await db
    .select({
      code: packages.code,
      trackingNumber: packages.trackingNumber,
      origin: originStores.name,
      destination: hubStores.name,
      mawbStatus: mawbs.status,
      flights: mawbs.flights,
      from: mawbs.origin,
      to: mawbs.destination,
      atd: mawbs.atd,
      ata: mawbs.ata,
      events: sql<Row['events']>`coalesce((
        SELECT json_agg(json_build_object('code', e.code, 'location', e.location, 'at', e.occurred_at)
                        ORDER BY e.occurred_at DESC, e.id DESC)
        FROM tracking_events e
        WHERE e.package_id = ${packages.id} AND e.visibility = 'public'), '[]'::json)`,
    })
    .from(packages)
    .leftJoin(originStores, eq(originStores.id, packages.storeId))
    .leftJoin(hubStores, eq(hubStores.id, packages.destinationStoreId))
    .leftJoin(mawbs, and(eq(mawbs.id, packages.mawbId), isNull(mawbs.deletedAt)))
    .where(and(or(inArray(packages.trackingNumber, numbers), inArray(packages.code, numbers)), isNull(packages.deletedAt)));

  const out = new Map<string, PublicPackage>();
  const toPublic = (r: Row): PublicPackage => {
    // A MAWB that is added to, booked and manifested writes `on_mawb` three times: a reader sees the step once,
    // at the time it was first reached (the oldest of a run of equal events, as the list is newest first).
    const events = r.events
      .filter((e, i, all) => {
        const older = all[i + 1];
        return !older || older.code !== e.code || older.location !== e.location;
      })
      .map((e) => ({ code: e.code, location: e.location, at: iso(e.at) }));
    const flown = r.mawbStatus != null && FLOWN.includes(r.mawbStatus) && r.flights;
    return {
      code: r.code,
      status: events[0]?.code ?? 'expected',
      origin: r.origin,
      destination: r.destination,
      flight: flown ? { number: r.flights!, from: r.from!, to: r.to!, departedAt: isoOrNull(r.atd), arrivedAt: isoOrNull(r.ata) } : null,
      events,
    };
  };
  for (const r of rows) out.set(r.trackingNumber, toPublic(r));
  for (const r of rows) out.set(r.code, toPublic(r));
  return out;
}

/**
 * The packages of the delivery slip with this code, by package code, in the slip's order; null when there is no
 * such slip or it was cancelled (its packages went back to the shelf and may be on another slip now). A slip
 * that failed or was delivered still answers: the customer holding it wants to know where the parcels are.
 * Package codes, not the carriers' tracking numbers, are what a slip lookup gives back: slip codes run in
 * sequence and can be guessed, and a carrier's number could be taken to the carrier's own site; the package
 * code means nothing outside this business. Deleted packages are left out here and again by
 * loadPublicPackages.
 */
async function packageCodesOnSlip(db: Db, slipCode: string): Promise<string[] | null> {
  const rows = await db
    .select({ code: packages.code })
    .from(deliverySlips)
    .leftJoin(deliverySlipPackages, eq(deliverySlipPackages.slipId, deliverySlips.id))
    .leftJoin(packages, and(eq(packages.id, deliverySlipPackages.packageId), isNull(packages.deletedAt)))
    .where(and(eq(deliverySlips.code, slipCode), ne(deliverySlips.status, 'cancelled')))
    .orderBy(asc(deliverySlipPackages.position), asc(deliverySlipPackages.id));
  if (!rows.length) return null;
  return rows.map((r) => r.code).filter((c): c is string => c != null);
}

export function createPublicTracking(db: () => Db) {
  const cache: CoalescingCache<PublicPackage> = createCoalescingCache({
    ttlMs: PUBLIC_TRACKING_CACHE_MS,
    maxEntries: PUBLIC_TRACKING_CACHE_ENTRIES,
    loadMany: (numbers) => loadPublicPackages(db(), numbers),
  });
  // A slip's package list is cached like a number, for the same reason.
  const slips: CoalescingCache<string[]> = createCoalescingCache({
    ttlMs: PUBLIC_TRACKING_CACHE_MS,
    maxEntries: 1_000,
    loadMany: async ([code]) => {
      const codes = await packageCodesOnSlip(db(), code!);
      return new Map(codes ? [[code!, codes]] : []);
    },
  });

  /** The answer to one lookup, labels in `lang`; numbers found keep the order given, each package once. */
  async function track(query: PublicTrackingQuery, lang: MessageLanguage): Promise<PublicTrackingResponse> {
    let numbers: string[];
    if (query.numbers.kind === 'slip') {
      const slipCode = query.numbers.slipCode;
      const codes = (await slips.getMany([slipCode])).get(slipCode);
      if (!codes?.length) return { items: [], notFound: [slipCode] };
      numbers = codes;
    } else {
      numbers = query.numbers.numbers;
    }
    const found = await cache.getMany(numbers);
    const items: PublicTrackingItem[] = [];
    const notFound: string[] = [];
    const seen = new Set<string>();
    const label = (code: PackageStatus) => localizeMessage(PACKAGE_STATUS_LABELS[code], lang);
    for (const number of numbers) {
      const p = found.get(number);
      if (!p) {
        notFound.push(number);
        continue;
      }
      if (seen.has(p.code)) continue;
      seen.add(p.code);
      items.push({
        number,
        status: p.status,
        statusLabel: label(p.status),
        origin: p.origin,
        destination: p.destination,
        ...(p.flight ? { flight: p.flight } : {}),
        events: p.events.map((e) => ({ code: e.code, label: label(e.code), location: e.location, at: e.at })),
      });
    }
    return { items, notFound };
  }

  return { track };
}
