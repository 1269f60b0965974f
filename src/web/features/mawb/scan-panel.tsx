import { useEffect, useId, useRef, useState, type ClipboardEvent, type KeyboardEvent, type ReactNode } from 'react';
import { Button, Card, Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  MAWB_ADD_MAX,
  PACKAGE_ON_OTHER_MAWB_CODE,
  PACKAGE_STATUS_CONFLICT_CODE,
  PACKAGES_NOT_FOUND_CODE,
  type AddPackagesResponse,
  type Mawb,
  type MawbPackage,
} from '../../../shared/contracts/mawbs';
import { PACKAGE_STATUS_LABELS, type PackageStatus } from '../../../shared/contracts/packages';
import { parseScannedNumbers } from '../../../shared/domain/scan';
import { errorMessage, isApiRequestError } from '../../lib/api-client';
import { useFormat } from '../../lib/use-format';
import { addPackages } from './api';

/** A barcode gun types a whole number in a few tens of milliseconds: this long without a key means it has finished. */
export const SCAN_DEBOUNCE_MS = 300;
/** A person typing by hand pauses between keys; their number is taken after this long, or at once on Enter. */
export const TYPING_DEBOUNCE_MS = 1500;
/** Faster than this per character is a gun (or a paste), not fingers. */
const GUN_MS_PER_CHAR = 35;
/** The log keeps the latest scans only: a shift scans hundreds. */
const LOG_MAX = 300;
/** Each failing kind of number is set aside and the rest sent again: at most one round per kind, plus the last. */
const MAX_ROUNDS = 4;

export type ScanOutcome =
  | { kind: 'pending' }
  | { kind: 'added'; pkg: MawbPackage }
  | { kind: 'already' }
  | { kind: 'not_found' }
  | { kind: 'other_mawb'; mawbId: number; awbNumber: string; packageCode: string }
  | { kind: 'bad_status'; status: PackageStatus; packageCode: string }
  | { kind: 'error'; message: string };

export interface ScanEntry {
  key: number;
  number: string;
  outcome: ScanOutcome;
}

interface Details {
  notFound?: string[];
  conflicts?: Array<{ number: string; packageCode: string; mawbId?: number; awbNumber?: string; status?: PackageStatus }>;
}

/**
 * Sends the numbers; the server takes them all or none, so the numbers it names (unknown, on another MAWB, not
 * received abroad) are set aside with their reason and the others sent again. Answers one outcome per number.
 */
export async function addNumbers(
  mawbId: number,
  numbers: string[],
  onSaved: (res: AddPackagesResponse) => void,
): Promise<Map<string, ScanOutcome>> {
  const out = new Map<string, ScanOutcome>();
  let remaining = numbers;
  for (let round = 0; remaining.length && round < MAX_ROUNDS; round++) {
    try {
      const res = await addPackages(mawbId, remaining);
      const already = new Set(res.alreadyOnMawb);
      for (const n of remaining) {
        const pkg = res.added.find((p) => p.trackingNumber === n || p.code === n);
        out.set(n, already.has(n) ? { kind: 'already' } : pkg ? { kind: 'added', pkg } : { kind: 'already' });
      }
      onSaved(res);
      return out;
    } catch (e) {
      const code = isApiRequestError(e) ? e.data.code : undefined;
      const details = (isApiRequestError(e) ? e.data.details : undefined) as Details | undefined;
      const named = new Set<string>();
      if (code === PACKAGES_NOT_FOUND_CODE && details?.notFound) {
        for (const n of details.notFound) {
          out.set(n, { kind: 'not_found' });
          named.add(n);
        }
      } else if ((code === PACKAGE_ON_OTHER_MAWB_CODE || code === PACKAGE_STATUS_CONFLICT_CODE) && details?.conflicts) {
        for (const c of details.conflicts) {
          named.add(c.number);
          out.set(
            c.number,
            code === PACKAGE_ON_OTHER_MAWB_CODE
              ? { kind: 'other_mawb', mawbId: c.mawbId!, awbNumber: c.awbNumber!, packageCode: c.packageCode }
              : { kind: 'bad_status', status: c.status!, packageCode: c.packageCode },
          );
        }
      }
      const next = remaining.filter((n) => !named.has(n));
      if (next.length === remaining.length) {
        // Nothing was about a particular number (the MAWB is no longer open, the network…): every number failed.
        for (const n of remaining) out.set(n, { kind: 'error', message: errorMessage(e) });
        return out;
      }
      remaining = next;
    }
  }
  for (const n of remaining) out.set(n, { kind: 'error', message: '' });
  return out;
}

/**
 * Scan-to-add: one input that keeps the focus for a barcode gun. Each scan (Enter, or a short pause after a
 * gun's burst of keys) or paste is put on the MAWB; every number gets its own line saying what happened.
 * Scans made while a request is on its way queue up and go together in the next one.
 */
export function ScanPanel({ mawb, onSaved }: { mawb: Mawb; onSaved(res: AddPackagesResponse): void }) {
  const { t } = useTranslation('mawb');
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [log, setLog] = useState<ScanEntry[]>([]);
  const [tooMany, setTooMany] = useState<number | null>(null);
  const queue = useRef<ScanEntry[]>([]);
  const busy = useRef(false);
  const nextKey = useRef(1);
  const firstKeyAt = useRef(0);
  const fast = useRef(false);
  const endsWithEnter = useRef(false);
  const onSavedRef = useRef(onSaved);
  onSavedRef.current = onSaved;
  const mawbId = mawb.id;

  const settle = (keys: Set<number>, outcomes: Map<string, ScanOutcome>) =>
    setLog((prev) => prev.map((e) => (keys.has(e.key) ? { ...e, outcome: outcomes.get(e.number) ?? { kind: 'error', message: '' } } : e)));

  const pump = async () => {
    if (busy.current || !queue.current.length) return;
    busy.current = true;
    const batch = queue.current;
    queue.current = [];
    const keys = new Set(batch.map((e) => e.key));
    try {
      settle(keys, await addNumbers(mawbId, [...new Set(batch.map((e) => e.number))], (res) => onSavedRef.current(res)));
    } catch (e) {
      settle(keys, new Map(batch.map((b) => [b.number, { kind: 'error', message: errorMessage(e) }])));
    } finally {
      busy.current = false;
    }
    void pump();
  };

  const submit = (raw: string) => {
    setText('');
    fast.current = false;
    const parsed = parseScannedNumbers(raw, MAWB_ADD_MAX);
    if (!parsed.ok) {
      setTooMany(parsed.count);
      return;
    }
    setTooMany(null);
    if (!parsed.numbers.length) return;
    // A number scanned twice before its first scan went out is sent once.
    const queued = new Set(queue.current.map((e) => e.number));
    const entries: ScanEntry[] = parsed.numbers.filter((n) => !queued.has(n)).map((number) => ({ key: nextKey.current++, number, outcome: { kind: 'pending' } }));
    setLog((prev) => [...[...entries].reverse(), ...prev].slice(0, LOG_MAX));
    queue.current.push(...entries);
    void pump();
  };

  // The gun types wherever the focus is: take it once the screen has settled (the shell moves the focus to the
  // page after a navigation, after this panel mounted).
  useEffect(() => {
    const timer = setTimeout(() => inputRef.current?.focus({ preventScroll: true }), 0);
    return () => clearTimeout(timer);
  }, []);

  useEffect(() => {
    if (!text.trim()) return;
    // A gun that ends its scans with Enter needs no guessing: after its first Enter, only a long silence sends,
    // so a hiccup in the middle of a scan never sends half a number.
    const quick = fast.current && !endsWithEnter.current;
    const timer = setTimeout(() => submit(text), quick ? SCAN_DEBOUNCE_MS : TYPING_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]); // eslint-disable-line react-hooks/exhaustive-deps -- a new keystroke restarts the wait

  const onChange = (value: string) => {
    const now = Date.now();
    if (!text) {
      firstKeyAt.current = now;
      // Several characters in one input event: a paste, an autofill, a gun in "block" mode.
      fast.current = value.length > 1;
    } else if (value.length > 2) {
      fast.current = fast.current || (now - firstKeyAt.current) / (value.length - 1) < GUN_MS_PER_CHAR;
    }
    setText(value);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      if (e.currentTarget.value.trim()) endsWithEnter.current = true;
      submit(e.currentTarget.value);
    }
  };

  // An <input> would drop the line breaks of a pasted column of numbers and glue them together: keep them apart.
  const onPaste = (e: ClipboardEvent<HTMLInputElement>) => {
    const pasted = e.clipboardData.getData('text');
    if (!pasted) return;
    e.preventDefault();
    submit(`${text} ${pasted}`);
  };

  const counts = log.reduce(
    (acc, e) => {
      if (e.outcome.kind === 'added') acc.added++;
      else if (e.outcome.kind === 'pending') acc.pending++;
      else if (e.outcome.kind !== 'already') acc.failed++;
      return acc;
    },
    { added: 0, failed: 0, pending: 0 },
  );

  return (
    <Card className="shadow-sm mb-3 scan-panel">
      <Card.Body>
        <Form.Label htmlFor={id} className="fw-medium">
          <i className="bi bi-upc-scan me-2" aria-hidden="true" />
          {t('scan.label')}
        </Form.Label>
        <div className="d-flex gap-2">
          <Form.Control
            ref={inputRef}
            id={id}
            size="lg"
            className="font-monospace scan-input"
            value={text}
            onChange={(e) => onChange(e.target.value)}
            onKeyDown={onKeyDown}
            onPaste={onPaste}
            placeholder={t('scan.placeholder')}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            autoFocus
            aria-describedby={`${id}-help`}
            data-testid="scan-input"
          />
          <Button variant="primary" size="lg" className="text-nowrap" onClick={() => submit(text)} disabled={!text.trim()} aria-label={t('scan.add')}>
            <i className="bi bi-plus-lg" aria-hidden="true" />
            <span className="ms-1 d-none d-sm-inline">{t('scan.add')}</span>
          </Button>
        </div>
        <Form.Text id={`${id}-help`} className="d-block">
          {t('scan.help', { max: MAWB_ADD_MAX })}
        </Form.Text>
        {tooMany !== null && (
          <div className="text-danger-emphasis small mt-1" role="alert">
            {t('scan.tooMany', { max: MAWB_ADD_MAX, count: tooMany })}
          </div>
        )}
        {log.length > 0 && (
          <div className="mt-3">
            <div className="d-flex flex-wrap align-items-center gap-2 mb-2" aria-live="polite" data-testid="scan-summary">
              <span className="badge rounded-pill text-bg-success font-tabular">{t('scan.addedCount', { count: counts.added })}</span>
              {counts.failed > 0 && <span className="badge rounded-pill text-bg-danger font-tabular">{t('scan.failedCount', { count: counts.failed })}</span>}
              {counts.pending > 0 && <span className="badge rounded-pill text-bg-secondary font-tabular">{t('scan.pendingCount', { count: counts.pending })}</span>}
              <Button
                size="sm"
                variant="link"
                className="ms-auto p-0"
                onClick={() => {
                  setLog((prev) => prev.filter((e) => e.outcome.kind === 'pending'));
                  inputRef.current?.focus();
                }}
              >
                {t('scan.clearLog')}
              </Button>
            </div>
            <ul className="list-unstyled mb-0 scan-log" aria-label={t('scan.logLabel')} data-testid="scan-log">
              {log.map((e) => (
                <ScanLine key={e.key} entry={e} />
              ))}
            </ul>
          </div>
        )}
      </Card.Body>
    </Card>
  );
}

function ScanLine({ entry }: { entry: ScanEntry }) {
  const { t } = useTranslation(['mawb', 'tracking']);
  const fmt = useFormat();
  const o = entry.outcome;
  let tone = 'danger';
  let icon = 'bi-x-circle-fill';
  let message: ReactNode;
  switch (o.kind) {
    case 'pending':
      tone = 'secondary';
      icon = 'bi-hourglass-split';
      message = t('scan.pending');
      break;
    case 'added':
      tone = 'success';
      icon = 'bi-check-circle-fill';
      message = (
        <>
          {t('scan.added', { code: o.pkg.code })}
          {o.pkg.customerCode && <span className="text-body-secondary"> · {o.pkg.customerCode}</span>}
          {o.pkg.chargeableG !== null && <span className="text-body-secondary"> · {fmt.kg(o.pkg.chargeableG)}</span>}
        </>
      );
      break;
    case 'already':
      tone = 'info';
      icon = 'bi-info-circle-fill';
      message = t('scan.already');
      break;
    case 'not_found':
      message = t('scan.notFound');
      break;
    case 'other_mawb':
      message = (
        <>
          {t('scan.otherMawb', { code: o.packageCode })}{' '}
          <Link to={`/mawb/${o.mawbId}`} className="font-tabular">
            {o.awbNumber}
          </Link>
        </>
      );
      break;
    case 'bad_status':
      message = t('scan.badStatus', {
        code: o.packageCode,
        status: t(`tracking:statuses.${o.status}`, { defaultValue: PACKAGE_STATUS_LABELS[o.status] ?? o.status }),
      });
      break;
    case 'error':
      message = o.message || t('scan.error');
      break;
  }
  return (
    <li className={`scan-line scan-line-${tone}`} data-testid="scan-line" data-outcome={o.kind}>
      <i className={`bi ${icon} text-${tone}-emphasis`} aria-hidden="true" />
      <span className="font-monospace scan-number text-break">{entry.number}</span>
      <span className="scan-message">{message}</span>
    </li>
  );
}
