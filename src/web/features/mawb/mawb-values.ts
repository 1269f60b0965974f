import dayjs from 'dayjs';
import { z } from 'zod';
import { MawbCreate, MawbPatch, routeIssues, type Mawb } from '../../../shared/contracts/mawbs';
import { APP_TIME_ZONE } from '../../lib/format';

/**
 * The MAWB form's values and how they become the contract's body. Times are typed in `datetime-local` inputs
 * as Vietnamese time (the console shows every time in Asia/Ho_Chi_Minh) and sent as ISO instants with their
 * offset; the shared contract validates what is sent, so the form and the server say the same thing.
 */

interface LegValues {
  flightNo: string;
  from: string;
  to: string;
  etd: string;
  eta: string;
  atd: string;
  ata: string;
}

export interface MawbFormValues {
  awbNumber: string;
  origin: string;
  destination: string;
  flightLegs: LegValues[];
  etd: string;
  eta: string;
  note: string;
}

export const EMPTY_MAWB: MawbFormValues = { awbNumber: '', origin: '', destination: 'SGN', flightLegs: [], etd: '', eta: '', note: '' };

const LOCAL_MINUTE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

/** A `datetime-local` value read as Vietnamese time → ISO instant with offset; null when blank or not a time. */
export function localToIso(local: string): string | null {
  return LOCAL_MINUTE.test(local) ? dayjs.tz(local, APP_TIME_ZONE).format() : null;
}

/** An instant → the `datetime-local` value showing it in Vietnamese time; '' for none. */
export function isoToLocal(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = dayjs(iso);
  return d.isValid() ? d.tz(APP_TIME_ZONE).format('YYYY-MM-DDTHH:mm') : '';
}

export function mawbToValues(m: Mawb): MawbFormValues {
  return {
    awbNumber: m.awbNumber,
    origin: m.origin,
    destination: m.destination,
    flightLegs: m.flightLegs.map((l) => ({
      flightNo: l.flightNo,
      from: l.from,
      to: l.to,
      etd: isoToLocal(l.etd),
      eta: isoToLocal(l.eta),
      atd: isoToLocal(l.atd),
      ata: isoToLocal(l.ata),
    })),
    // With legs these come from the legs; the inputs are hidden and nothing is sent for them.
    etd: m.flightLegs.length ? '' : isoToLocal(m.etd),
    eta: m.flightLegs.length ? '' : isoToLocal(m.eta),
    note: m.note,
  };
}

/**
 * The body the contract parses. A time that is not (yet) a valid local time is passed on as typed so the
 * contract reports it; with legs, ETD/ETA are the legs' and are not sent (sending them is a 400).
 */
function valuesToBody(v: MawbFormValues) {
  const time = (s: string) => localToIso(s) ?? (s.trim() === '' ? null : s);
  const hasLegs = v.flightLegs.length > 0;
  return {
    awbNumber: v.awbNumber,
    origin: v.origin,
    destination: v.destination,
    flightLegs: v.flightLegs.map((l) => ({
      flightNo: l.flightNo,
      from: l.from,
      to: l.to,
      etd: time(l.etd) ?? '',
      eta: time(l.eta) ?? '',
      atd: time(l.atd),
      ata: time(l.ata),
    })),
    etd: hasLegs ? undefined : time(v.etd),
    eta: hasLegs ? undefined : time(v.eta),
    note: v.note,
  };
}

/** The form values in record shape, for the conflict dialog (times as instants, like the record's). */
export function valuesAsRecord(v: MawbFormValues): Record<string, unknown> {
  const b = valuesToBody(v);
  const legs = b.flightLegs;
  // With legs, the record's ETD/ETA are the first leg's and the last leg's.
  return { ...b, etd: legs.length ? legs[0]!.etd : (b.etd ?? null), eta: legs.length ? legs[legs.length - 1]!.eta : (b.eta ?? null) };
}

const Leg = z.object({ flightNo: z.string(), from: z.string(), to: z.string(), etd: z.string(), eta: z.string(), atd: z.string(), ata: z.string() });
const Values = z.object({
  awbNumber: z.string(),
  origin: z.string(),
  destination: z.string(),
  flightLegs: z.array(Leg),
  etd: z.string(),
  eta: z.string(),
  note: z.string(),
});

export interface FormMessages {
  legTimeRequired: string;
}

/**
 * The form's schema: the values as typed, checked by the shared contract (create: MawbCreate, edit: MawbPatch)
 * on the body they make; its output is that body. A leg's empty ETD/ETA is said in plain words here, before the
 * contract's "ISO 8601" message could.
 */
function formSchemaOver<C extends typeof MawbCreate | typeof MawbPatch>(contract: C, messages: FormMessages) {
  return Values.transform((v, ctx): z.output<C> => {
    const own = new Set<string>();
    v.flightLegs.forEach((l, i) => {
      for (const key of ['etd', 'eta'] as const) {
        if (l[key].trim() === '') {
          own.add(`flightLegs.${i}.${key}`);
          ctx.addIssue({ code: 'custom', path: ['flightLegs', i, key], message: messages.legTimeRequired });
        }
      }
    });
    const body = valuesToBody(v);
    const parsed = contract.safeParse(body);
    if (!parsed.success) {
      const said = new Set(own);
      for (const issue of parsed.error.issues) {
        const path = issue.path.map(String).join('.');
        if (said.has(path)) continue;
        said.add(path);
        ctx.addIssue({ code: 'custom', path: issue.path as (string | number)[], message: issue.message });
      }
      // The contract checks the route as a whole only once every field parses; say its problems now, all at once.
      for (const issue of routeIssues(body)) {
        if (said.has(issue.path)) continue;
        said.add(issue.path);
        ctx.addIssue({ code: 'custom', path: issue.path.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p)), message: issue.message });
      }
      return z.NEVER;
    }
    if (own.size) return z.NEVER;
    return parsed.data as z.output<C>;
  });
}

export const createFormSchema = (m: FormMessages) => formSchemaOver(MawbCreate, m);
export const patchFormSchema = (m: FormMessages) => formSchemaOver(MawbPatch, m);
