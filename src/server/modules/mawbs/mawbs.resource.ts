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
import { airlineByPrefix } from '../../../shared/domain/airlines';
import { mawbs } from '../../db/schema/index';
import { defineResource, recordStamps } from '../../lib/resource/define';
import { createMawb, removeMawb, UNIQUE_FIELDS, updateMawb } from './mawbs.service';

// Totals are read from the packages on the MAWB (packages_mawb_idx), never stored: they cannot drift.
// A package without dimensions counts its actual weight as chargeable.
const onThisMawb = sql`p.mawb_id = ${mawbs.id} AND p.deleted_at IS NULL`;
export const piecesSql = sql<number>`(SELECT count(*)::int FROM packages p WHERE ${onThisMawb})`.mapWith(Number);
export const grossSql = sql<number>`(SELECT coalesce(sum(p.weight_g), 0)::bigint FROM packages p WHERE ${onThisMawb})`.mapWith(Number);
export const chargeableSql = sql<number>`(SELECT coalesce(sum(coalesce(p.chargeable_g, p.weight_g, 0)), 0)::bigint FROM packages p WHERE ${onThisMawb})`.mapWith(Number);

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
    columns: [
      { header: 'Số AWB', width: 15, value: (m) => m.awbNumber },
      { header: 'Hãng bay', width: 24, value: (m) => `${m.airlineCode} – ${m.airlineName}` },
      { header: 'Điểm đi', width: 8, value: (m) => m.origin },
      { header: 'Điểm đến', width: 8, value: (m) => m.destination },
      { header: 'Chuyến bay', width: 20, value: (m) => m.flights },
      { header: 'ETD', width: 17, type: 'datetime', value: (m) => m.etd },
      { header: 'ETA', width: 17, type: 'datetime', value: (m) => m.eta },
      { header: 'ATD', width: 17, type: 'datetime', value: (m) => m.atd },
      { header: 'ATA', width: 17, type: 'datetime', value: (m) => m.ata },
      { header: 'Số kiện', width: 9, type: 'int', value: (m) => m.pieces },
      { header: 'Cân thực (g)', width: 13, type: 'int', value: (m) => m.grossWeightG },
      { header: 'Cân tính cước (g)', width: 15, type: 'int', value: (m) => m.chargeableWeightG },
      { header: 'Trạng thái', width: 20, value: (m) => MAWB_STATUS_LABELS[m.status] },
      { header: 'Cập nhật trạng thái', width: 17, type: 'datetime', value: (m) => m.statusAt },
      { header: 'Ghi chú', width: 30, value: (m) => m.note },
      { header: 'Ngày tạo', width: 17, type: 'datetime', value: (m) => m.createdAt },
    ],
  },
  write: {
    create: createMawb,
    update: updateMawb,
    remove: removeMawb,
  },
});
