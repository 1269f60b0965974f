import { sql } from 'drizzle-orm';
import {
  Mawb,
  MAWB_LIST,
  MAWB_STATUS_LABELS,
  MawbCreate,
  MawbExportQuery,
  MawbList,
  MawbListQuery,
  MawbPatch,
} from '../../../shared/contracts/mawbs';
import { airlineByPrefix, airlineWeightRules } from '../../../shared/domain/airlines';
import { consolidationWeight } from '../../../shared/domain/weight';
import { mawbs } from '../../db/schema/index';
import { defineResource, recordStamps } from '../../lib/resource/define';
import { createMawb, removeMawb, UNIQUE_FIELDS, updateMawb } from './mawbs.service';

// Totals are read from the packages on the MAWB (packages_mawb_idx), never stored: they cannot drift.
// A package without dimensions counts its actual weight as chargeable.
const onThisMawb = sql`p.mawb_id = ${mawbs.id} AND p.deleted_at IS NULL`;
const piecesSql = sql<number>`(SELECT count(*)::int FROM packages p WHERE ${onThisMawb})`.mapWith(Number);
const grossSql = sql<number>`(SELECT coalesce(sum(p.weight_g), 0)::bigint FROM packages p WHERE ${onThisMawb})`.mapWith(Number);
const chargeableSql = sql<number>`(SELECT coalesce(sum(p.chargeable_g), 0)::bigint FROM packages p WHERE ${onThisMawb})`.mapWith(Number);
/** Total volume in mm³ (a package without all three dimensions adds nothing): the airline's volumetric weight. */
const volumeSql = sql<number>`(SELECT coalesce(sum(p.length_mm::bigint * p.width_mm * p.height_mm), 0)::bigint FROM packages p WHERE ${onThisMawb})`.mapWith(Number);

/** The consolidation as the airline weighs it (shared/domain/weight.ts), from the MAWB's totals. */
function airlineWeights(airlinePrefix: string, grossG: number, volumeMm3: number): { volumetricWeightG: number; airlineChargeableWeightG: number } {
  const w = consolidationWeight({ grossG, volumeMm3 }, airlineWeightRules(airlinePrefix));
  return { volumetricWeightG: w.volumetricG, airlineChargeableWeightG: w.chargeableG };
}

const iso = (d: Date) => d.toISOString();
const isoOrNull = (d: Date | null) => (d ? d.toISOString() : null);

export const mawbsResource = defineResource({
  name: 'mawbs',
  label: 'MAWB',
  table: mawbs,
  deletedAt: mawbs.deletedAt,
  spec: MAWB_LIST,
  schemas: {
    item: Mawb,
    list: MawbList,
    listQuery: MawbListQuery,
    exportQuery: MawbExportQuery,
    create: MawbCreate,
    patch: MawbPatch,
  },
  select: {
    fields: {
      id: mawbs.id,
      awbNumber: mawbs.awbNumber,
      airlinePrefix: mawbs.airlinePrefix,
      origin: mawbs.origin,
      destination: mawbs.destination,
      flightLegs: mawbs.flightLegs,
      flights: mawbs.flights,
      etd: mawbs.etd,
      eta: mawbs.eta,
      atd: mawbs.atd,
      ata: mawbs.ata,
      pieces: piecesSql,
      grossWeightG: grossSql,
      chargeableWeightG: chargeableSql,
      volumeMm3: volumeSql,
      status: mawbs.status,
      statusAt: mawbs.statusAt,
      note: mawbs.note,
      ...recordStamps(mawbs),
    },
    toItem: (r): Mawb => {
      const airline = airlineByPrefix(r.airlinePrefix);
      return {
        id: r.id,
        awbNumber: r.awbNumber,
        airlinePrefix: r.airlinePrefix,
        airlineCode: airline?.iata ?? '',
        airlineName: airline?.name ?? r.airlinePrefix,
        origin: r.origin,
        destination: r.destination,
        // Stored as the contract's ISO strings; key order comes back as jsonb keeps it, so rebuild each leg.
        flightLegs: r.flightLegs.map((l) => ({ flightNo: l.flightNo, from: l.from, to: l.to, etd: l.etd, eta: l.eta, atd: l.atd ?? null, ata: l.ata ?? null })),
        flights: r.flights,
        etd: isoOrNull(r.etd),
        eta: isoOrNull(r.eta),
        atd: isoOrNull(r.atd),
        ata: isoOrNull(r.ata),
        pieces: r.pieces,
        grossWeightG: r.grossWeightG,
        chargeableWeightG: r.chargeableWeightG,
        ...airlineWeights(r.airlinePrefix, r.grossWeightG, r.volumeMm3),
        status: r.status,
        statusAt: iso(r.statusAt),
        note: r.note,
        version: r.version,
        createdAt: iso(r.createdAt),
        updatedAt: iso(r.updatedAt),
      };
    },
  },
  sort: {
    awbNumber: mawbs.awbNumber,
    airlinePrefix: mawbs.airlinePrefix,
    origin: mawbs.origin,
    destination: mawbs.destination,
    etd: mawbs.etd,
    eta: mawbs.eta,
    status: mawbs.status,
    statusAt: mawbs.statusAt,
    pieces: piecesSql,
    grossWeightG: grossSql,
    chargeableWeightG: chargeableSql,
    createdAt: mawbs.createdAt,
  },
  filters: {
    status: mawbs.status,
    airline: mawbs.airlinePrefix,
    origin: mawbs.origin,
    destination: mawbs.destination,
    etd: mawbs.etd,
    eta: mawbs.eta,
    created: mawbs.createdAt,
  },
  search: mawbs.searchText,
  uniqueConstraints: UNIQUE_FIELDS,
  export: {
    fileName: 'MAWB',
    fileNameEn: 'MAWBs',
    columns: [
      { header: 'Số AWB', en: 'AWB number', width: 15, value: (m) => m.awbNumber },
      { header: 'Hãng bay', en: 'Airline', width: 24, value: (m) => `${m.airlineCode} – ${m.airlineName}` },
      { header: 'Điểm đi', en: 'Origin', width: 8, value: (m) => m.origin },
      { header: 'Điểm đến', en: 'Destination', width: 8, value: (m) => m.destination },
      { header: 'Chuyến bay', en: 'Flights', width: 20, value: (m) => m.flights },
      { header: 'ETD', en: 'ETD', width: 17, type: 'datetime', value: (m) => m.etd },
      { header: 'ETA', en: 'ETA', width: 17, type: 'datetime', value: (m) => m.eta },
      { header: 'ATD', en: 'ATD', width: 17, type: 'datetime', value: (m) => m.atd },
      { header: 'ATA', en: 'ATA', width: 17, type: 'datetime', value: (m) => m.ata },
      { header: 'Số kiện', en: 'Pieces', width: 9, type: 'int', value: (m) => m.pieces },
      { header: 'Cân thực', en: 'Gross weight', width: 13, type: 'weight-kg', value: (m) => m.grossWeightG },
      { header: 'Cân tính cước', en: 'Chargeable weight', width: 15, type: 'weight-kg', value: (m) => m.chargeableWeightG },
      { header: 'Cân tính cước hãng bay', en: 'Airline chargeable weight', width: 15, type: 'weight-kg', value: (m) => m.airlineChargeableWeightG },
      { header: 'Trạng thái', en: 'Status', width: 20, type: 'label', value: (m) => MAWB_STATUS_LABELS[m.status] },
      { header: 'Cập nhật trạng thái', en: 'Status since', width: 17, type: 'datetime', value: (m) => m.statusAt },
      { header: 'Ghi chú', en: 'Note', width: 30, value: (m) => m.note },
      { header: 'Ngày tạo', en: 'Created', width: 17, type: 'datetime', value: (m) => m.createdAt },
    ],
  },
  write: {
    create: createMawb,
    update: updateMawb,
    remove: removeMawb,
  },
});
