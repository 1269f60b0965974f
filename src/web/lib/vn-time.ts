/**
 * "dd/MM/yyyy HH:mm" in Vietnamese time (the business's clock, whatever the browser's zone) with Intl rather
 * than lib/format: the entry chunk and the public landing page must stay small, and dayjs loads with the
 * screens that need it. Same zone and pattern as format.ts (APP_TIME_ZONE, DATE_TIME_FORMAT).
 */
const formatter = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Asia/Ho_Chi_Minh',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

export function vietnamDateTime(value: Date | string | number): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const parts = formatter.formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('day')}/${part('month')}/${part('year')} ${part('hour')}:${part('minute')}`;
}
