import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { FlightLeg, MawbStatus } from '../../../shared/contracts/mawbs';
import { PACKAGE_STATUS_LABELS, type PackageStatus } from '../../../shared/contracts/packages';
import { airlineByPrefix } from '../../../shared/domain/airlines';
import { AIRPORTS, airportByCode, DESTINATION_AIRPORT_CODES } from '../../../shared/domain/airports';
import type { HistoryField } from '../../components/history-tab';
import { StatusBadge, type Tone } from '../../components/status-badge';
import { PACKAGE_STATUS_LOOK } from '../../entities/package/status-look';
import { formatDateTime, formatKg } from '../../lib/format';

/** How MAWBs' closed values look, the airport options of the pickers, and the field list History shares. */

/** One colour per phase (paperwork, in the air, customs, at the hub) and one icon per status. */
export const MAWB_STATUS_LOOK: Record<MawbStatus, { tone: Tone; icon: string }> = {
  draft: { tone: 'secondary', icon: 'bi-pencil-square' },
  booked: { tone: 'info', icon: 'bi-bookmark-check' },
  manifested: { tone: 'info', icon: 'bi-card-checklist' },
  departed: { tone: 'primary', icon: 'bi-airplane' },
  arrived: { tone: 'primary', icon: 'bi-airplane-engines' },
  in_customs: { tone: 'warning', icon: 'bi-shield-exclamation' },
  cleared: { tone: 'success', icon: 'bi-shield-check' },
  received_at_hub: { tone: 'success', icon: 'bi-house-check' },
  closed: { tone: 'secondary', icon: 'bi-archive' },
  cancelled: { tone: 'danger', icon: 'bi-x-circle' },
};

export function MawbStatusBadge({ status, className }: { status: MawbStatus; className?: string }) {
  const { t } = useTranslation('mawb');
  const look = MAWB_STATUS_LOOK[status] ?? { tone: 'secondary' as Tone, icon: 'bi-dot' };
  return (
    <StatusBadge tone={look.tone} icon={look.icon} className={className}>
      {t(`statuses.${status}`, { defaultValue: status })}
    </StatusBadge>
  );
}

export function PackageStatusText({ status }: { status: PackageStatus }) {
  // The tracking section's labels when its namespace is loaded; the contract's Vietnamese ones otherwise.
  const { t } = useTranslation('tracking');
  return <StatusBadge tone={PACKAGE_STATUS_LOOK[status].tone}>{t(`statuses.${status}`, { defaultValue: PACKAGE_STATUS_LABELS[status] })}</StatusBadge>;
}

/** "Emirates" for a prefix; '' when the prefix is unknown. */
function airlineName(prefix: string): string {
  return airlineByPrefix(prefix)?.name ?? '';
}

/** "LAX – Los Angeles" */
export function airportText(code: string): string {
  const a = airportByCode(code);
  return a ? `${code} – ${a.city}` : code;
}

export interface AirportGroup {
  country: string;
  options: Array<{ value: string; label: string }>;
}

/** Airports grouped by country, in the catalogue's order (US gateways first, Vietnam last). */
function airportGroups(codes?: readonly string[]): AirportGroup[] {
  const groups: AirportGroup[] = [];
  for (const a of AIRPORTS) {
    if (codes && !codes.includes(a.code)) continue;
    let g = groups.find((x) => x.country === a.country);
    if (!g) groups.push((g = { country: a.country, options: [] }));
    g.options.push({ value: a.code, label: `${a.code} – ${a.city} (${a.name})` });
  }
  return groups;
}

export const ORIGIN_GROUPS = airportGroups();
export const DESTINATION_GROUPS = airportGroups(DESTINATION_AIRPORT_CODES);

/** The country name in the UI language ("Hoa Kỳ", "United States"), for option groups. */
export function countryName(code: string, lang: string): string {
  try {
    return new Intl.DisplayNames([lang === 'en' ? 'en' : 'vi'], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** "BR25 LAX → TPE 12/03/2025 23:40" per leg, one per line: how History shows a list of legs. */
function legsText(v: unknown) {
  if (!Array.isArray(v)) return String(v);
  if (!v.length) return '';
  return (
    <ul className="list-unstyled mb-0">
      {(v as FlightLeg[]).map((l, i) => (
        <li key={i} className="font-tabular">
          {l.flightNo} {l.from} → {l.to} · {formatDateTime(l.etd)} → {formatDateTime(l.eta)}
        </li>
      ))}
    </ul>
  );
}

/** Ids History leaves out: the airline is named by its prefix already. */
export const HISTORY_EXTRA_IGNORE = ['statusAt', 'airlineCode', 'airlineName', 'flights'];

/** The field list of a MAWB, labelled, with how each value reads (History, conflict dialog). */
export function useMawbFields(): HistoryField[] {
  const { t, i18n } = useTranslation('mawb');
  const lang = i18n.resolvedLanguage === 'en' ? 'en' : 'vi';
  return useMemo(() => {
    const grams = (v: unknown) => (typeof v === 'number' ? formatKg(v, lang) : String(v));
    const time = (v: unknown) => (typeof v === 'string' ? formatDateTime(v) : String(v));
    const fields: HistoryField[] = [
      { name: 'awbNumber', label: t('fields.awbNumber') },
      { name: 'airlinePrefix', label: t('fields.airline'), format: (v) => (typeof v === 'string' ? `${v} – ${airlineName(v)}` : String(v)) },
      { name: 'origin', label: t('fields.origin'), format: (v) => airportText(String(v)) },
      { name: 'destination', label: t('fields.destination'), format: (v) => airportText(String(v)) },
      { name: 'status', label: t('fields.status'), format: (v) => t(`statuses.${String(v)}`, { defaultValue: String(v) }) },
      { name: 'flightLegs', label: t('fields.flightLegs'), format: legsText },
      { name: 'etd', label: t('fields.etd'), format: time },
      { name: 'eta', label: t('fields.eta'), format: time },
      { name: 'atd', label: t('fields.atd'), format: time },
      { name: 'ata', label: t('fields.ata'), format: time },
      { name: 'pieces', label: t('fields.pieces') },
      { name: 'grossWeightG', label: t('fields.grossWeight'), format: grams },
      { name: 'chargeableWeightG', label: t('fields.chargeableWeight'), format: grams },
      { name: 'note', label: t('fields.note') },
      // Written by the package and status moves beside the record itself.
      { name: 'packageCodes', label: t('fields.packageCodes'), format: (v) => (Array.isArray(v) ? v.join(', ') : String(v)) },
      { name: 'packagesAffected', label: t('fields.packagesAffected') },
    ];
    return fields;
  }, [t, lang]);
}

/** The fields a person edits on the form (what the conflict dialog compares). */
export function useMawbEditableFields(): HistoryField[] {
  const all = useMawbFields();
  return useMemo(() => {
    const editable = new Set(['awbNumber', 'origin', 'destination', 'flightLegs', 'etd', 'eta', 'note']);
    return all.filter((f) => editable.has(f.name));
  }, [all]);
}
