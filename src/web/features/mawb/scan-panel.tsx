import { useId, useRef, useState, type ReactNode } from 'react';
import { Button, Card } from 'react-bootstrap';
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
import { ScanBox } from '../../components/scan-box';
import { errorMessage, isApiRequestError } from '../../lib/api-client';
import { useFormat } from '../../lib/use-format';
import { addPackages } from './api';

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
async function addNumbers(
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
 * Scan-to-add: the shared scan box (its one timing rule) keeps the focus for a barcode gun. Each scan or paste is
 * put on the MAWB; every number gets its own line saying what happened. Scans made while a request is on its way
 * queue up and go together in the next one.
 */
export function ScanPanel({ mawb, onSaved }: { mawb: Mawb; onSaved(res: AddPackagesResponse): void }) {
  const { t } = useTranslation('mawb');
  const id = useId();
  const [log, setLog] = useState<ScanEntry[]>([]);
  const [tooMany, setTooMany] = useState<number | null>(null);
  const queue = useRef<ScanEntry[]>([]);
  const busy = useRef(false);
  const nextKey = useRef(1);
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

  const submit = (numbers: string[]) => {
    // A number scanned twice before its first scan went out is sent once.
    const queued = new Set(queue.current.map((e) => e.number));
    const entries: ScanEntry[] = numbers.filter((n) => !queued.has(n)).map((number) => ({ key: nextKey.current++, number, outcome: { kind: 'pending' } }));
    setLog((prev) => [...[...entries].reverse(), ...prev].slice(0, LOG_MAX));
    queue.current.push(...entries);
    void pump();
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
        <ScanBox
          id={id}
          label={t('scan.label')}
          placeholder={t('scan.placeholder')}
          help={t('scan.help', { max: MAWB_ADD_MAX })}
          max={MAWB_ADD_MAX}
          onScanList={submit}
          onTooMany={setTooMany}
          action={{ label: t('scan.add'), icon: 'bi-plus-lg' }}
          size="lg"
          autoFocus
        />
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
                  document.getElementById(id)?.focus();
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
