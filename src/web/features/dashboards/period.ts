import { addDays, daysBetween, DASHBOARD_MAX_DAYS, isCalendarDay } from '../../../shared/contracts/dashboard';

/** The period picker's choices; every day is a Vietnamese calendar day (UTC+7, no daylight saving). */
export const PRESETS = ['today', '7d', '30d', 'thisMonth', 'lastMonth', 'custom'] as const;
export type Preset = (typeof PRESETS)[number];

export interface Period {
  from: string;
  to: string;
}

/** Today in Vietnam as YYYY-MM-DD, whatever the browser's zone. */
export function vietnamToday(now = Date.now()): string {
  return new Date(now + 7 * 3_600_000).toISOString().slice(0, 10);
}

export function presetPeriod(preset: Exclude<Preset, 'custom'>, today = vietnamToday()): Period {
  switch (preset) {
    case 'today':
      return { from: today, to: today };
    case '7d':
      return { from: addDays(today, -6), to: today };
    case '30d':
      return { from: addDays(today, -29), to: today };
    case 'thisMonth':
      return { from: `${today.slice(0, 8)}01`, to: today };
    case 'lastMonth': {
      const lastDay = addDays(`${today.slice(0, 8)}01`, -1);
      return { from: `${lastDay.slice(0, 8)}01`, to: lastDay };
    }
  }
}

/** The period of the URL (`?period=7d` or `?from=…&to=…`), 30 days when absent or not valid. */
export function periodFromSearch(search: URLSearchParams): { preset: Preset; period: Period } {
  const p = search.get('period');
  const from = search.get('from');
  const to = search.get('to');
  if (from && to && isCalendarDay(from) && isCalendarDay(to) && daysBetween(from, to) >= 0 && daysBetween(from, to) < DASHBOARD_MAX_DAYS) {
    return { preset: 'custom', period: { from, to } };
  }
  const preset = (PRESETS as readonly string[]).includes(p ?? '') && p !== 'custom' ? (p as Exclude<Preset, 'custom'>) : '30d';
  return { preset, period: presetPeriod(preset) };
}

/** DD/MM/YYYY of a YYYY-MM-DD. */
export function dayLabel(day: string): string {
  return `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;
}

/** Monday of the ISO week of a YYYY-MM-DD. */
export function weekOf(day: string): string {
  const dow = new Date(`${day}T00:00:00Z`).getUTCDay();
  return addDays(day, -((dow + 6) % 7));
}
