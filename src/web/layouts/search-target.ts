import { normalizeAwb } from '../../shared/domain/awb';
import { normalizeVietnamesePhone } from '../../shared/domain/phone';
import { isSlipCode } from '../../shared/domain/public-tracking';
import { parseScannedNumbers } from '../../shared/domain/scan';
import { api } from '../lib/api-client';

/**
 * Where the topbar search takes a text. A customer code (KH…), an order code (DH…), a delivery-slip code (PG2612-00301,
 * dash optional), a MAWB number (with a valid check digit, dash optional), a Vietnamese phone number, or one
 * tracking number or package code is looked up, and an exact match opens that record.
 * A person's name (letters and spaces, no digit: no tracking number, package or record code is made of letters
 * only) goes to the customer list, whose search ignores accents. Everything else, and a lookup that finds
 * nothing, goes to the tracking search, which reads tracking numbers and package codes.
 */
export type SearchCandidate =
  | { kind: 'customer-code'; value: string }
  | { kind: 'order-code'; value: string }
  | { kind: 'awb'; value: string }
  | { kind: 'slip-code'; value: string }
  | { kind: 'phone'; value: string }
  | { kind: 'package'; value: string }
  | { kind: 'customer-name'; value: string };

/** Letters of any script, with the spaces, apostrophes, hyphens and dots names have; at least two letters. */
const NAME = /^(?=(?:.*\p{L}){2})\p{L}[\p{L}\p{M} .'’-]*$/u;

/** What the text could be, most specific first (the tracking search is always the last resort). */
export function searchCandidates(text: string): SearchCandidate[] {
  const t = text.trim();
  const compact = t.replace(/\s+/g, '').toUpperCase();
  const out: SearchCandidate[] = [];
  if (/^KH\d{6}$/.test(compact)) out.push({ kind: 'customer-code', value: compact });
  if (/^DH\d{8}$/.test(compact)) out.push({ kind: 'order-code', value: compact });
  // A slip code as printed (PG2612-00301) or as typed without its dash (PG261200301).
  const slip = compact.replace(/^(PG\d{4})-?(\d{5,})$/, '$1-$2');
  if (isSlipCode(slip)) out.push({ kind: 'slip-code', value: slip });
  const awb = normalizeAwb(t);
  if (awb) out.push({ kind: 'awb', value: awb });
  const phone = normalizeVietnamesePhone(t);
  if (phone) out.push({ kind: 'phone', value: phone });
  // One tracking number or package code (they always hold a digit; a name never does), cleaned as a scan is.
  const scanned = parseScannedNumbers(t, 2);
  if (/\d/.test(t) && !out.some((c) => c.kind.endsWith('-code')) && scanned.ok && scanned.numbers.length === 1 && /^[A-Z0-9][A-Z0-9-]{3,39}$/.test(scanned.numbers[0]!)) {
    out.push({ kind: 'package', value: scanned.numbers[0]! });
  }
  const name = t.replace(/\s+/g, ' ');
  if (NAME.test(name)) out.push({ kind: 'customer-name', value: name });
  return out;
}

interface Page<T> {
  items: T[];
}

const lookup = <T>(path: string, q: string) => api.get<Page<T>>(path, { q, pageSize: 5 });

async function targetOf(c: SearchCandidate): Promise<string | null> {
  switch (c.kind) {
    case 'customer-code': {
      const hit = (await lookup<{ id: number; code: string }>('/api/customers', c.value)).items.find((x) => x.code === c.value);
      return hit ? `/customer/${hit.id}` : null;
    }
    case 'order-code': {
      const hit = (await lookup<{ id: number; code: string }>('/api/orders', c.value)).items.find((x) => x.code === c.value);
      return hit ? `/order/${hit.id}` : null;
    }
    case 'awb': {
      const hit = (await lookup<{ id: number; awbNumber: string }>('/api/mawbs', c.value)).items.find((x) => x.awbNumber === c.value);
      return hit ? `/mawb/${hit.id}` : null;
    }
    case 'slip-code': {
      const slip = await api.get<{ id: number; code: string }>(`/api/delivery-slips/by-code/${encodeURIComponent(c.value)}`);
      return slip.code === c.value ? `/deliveryslip/${slip.id}` : null;
    }
    case 'package': {
      // Exactly one package with that tracking number or code opens; several (a number reused) are listed.
      const { found } = await api.get<{ found: Array<{ id: number }> }>('/api/packages/search', { numbers: c.value });
      return found.length === 1 ? `/tracking/${found[0]!.id}` : null;
    }
    case 'phone': {
      const hits = (await lookup<{ id: number; phone: string }>('/api/customers', c.value)).items.filter((x) => x.phone === c.value);
      if (hits.length === 1) return `/customer/${hits[0]!.id}`;
      return hits.length > 1 ? `/customer?q=${encodeURIComponent(c.value)}` : null;
    }
    case 'customer-name':
      return `/customer?q=${encodeURIComponent(c.value)}`;
  }
}

/** The path to open for a search text. A failed lookup (offline, no permission) falls through to the next. */
export async function resolveSearchTarget(text: string): Promise<string> {
  for (const c of searchCandidates(text)) {
    const target = await targetOf(c).catch(() => null);
    if (target) return target;
  }
  return `/tracking/search?q=${encodeURIComponent(text.trim())}`;
}
