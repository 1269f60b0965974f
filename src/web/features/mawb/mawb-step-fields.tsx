import dayjs from 'dayjs';
import { useId } from 'react';
import { Alert, Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { MAWB_ATD_CONFIRM_HOURS, type Mawb, type MawbStatus, type StatusBodyInput } from '../../../shared/contracts/mawbs';
import { DateInput } from '../../components/form/date-input';
import { useFormat } from '../../lib/use-format';
import { isoToLocal, localToIso } from './mawb-values';

/**
 * What a MAWB step asks for besides its note: when it really happened (default now, editable; for a departure
 * the ATD, for an arrival the ATA), the flight of a departure with no legs (a MAWB with legs shows theirs),
 * and, for an ATD more than MAWB_ATD_CONFIRM_HOURS from the ETD, an explicit confirmation. The server checks
 * the same rules (mawbs.consolidation.ts); here they only keep the confirm button off until they hold.
 */

export interface StepValues {
  /** "yyyy-MM-ddTHH:mm" in Vietnamese time; null while the typed text is refused. */
  at: string | null;
  /** What `at` was when the dialog opened: left as is, the step is sent without a time (the server's now). */
  openedAt: string;
  flightNo: string;
  confirm: boolean;
}

export function initialStepValues(): StepValues {
  const now = isoToLocal(new Date().toISOString());
  return { at: now, openedAt: now, flightNo: '', confirm: false };
}

export type StepProblem = 'time' | 'future' | 'beforeAtd' | 'flight' | 'farFromEtd';

/** The ETD a departure is compared with: the first leg's, else the MAWB's own. */
const etdOf = (m: Mawb) => m.flightLegs[0]?.etd ?? m.etd;

/** What is not right yet with the step's fields ('farFromEtd' only while it is not confirmed). */
export function stepProblems(m: Mawb, to: MawbStatus, v: StepValues, now = Date.now()): StepProblem[] {
  const problems: StepProblem[] = [];
  const at = localToIso(v.at ?? '');
  if (!at) return ['time'];
  const atMs = Date.parse(at);
  // The input has minutes: the current minute is "now", not the future.
  if (atMs > now + 60_000) problems.push('future');
  if (to === 'arrived' && m.atd && atMs < Date.parse(dayjs(m.atd).startOf('minute').toISOString())) problems.push('beforeAtd');
  if (to === 'departed') {
    if (!m.flightLegs.length && !v.flightNo.trim()) problems.push('flight');
    const etd = etdOf(m);
    if (etd && Math.abs(atMs - Date.parse(etd)) > MAWB_ATD_CONFIRM_HOURS * 3_600_000 && !v.confirm) problems.push('farFromEtd');
  }
  return problems;
}

/** The body fields of the step: `at` only when it was changed from the time the dialog opened with. */
export function stepBody(m: Mawb, to: MawbStatus, v: StepValues): Pick<StatusBodyInput, 'at' | 'flightNo' | 'confirm'> {
  const at = v.at !== v.openedAt ? (localToIso(v.at ?? '') ?? undefined) : undefined;
  return {
    ...(at ? { at } : {}),
    ...(to === 'departed' && !m.flightLegs.length ? { flightNo: v.flightNo.trim() } : {}),
    ...(v.confirm ? { confirm: true } : {}),
  };
}

export function StepFields({ m, to, values, onChange }: { m: Mawb; to: MawbStatus; values: StepValues; onChange(v: StepValues): void }) {
  const { t } = useTranslation('mawb');
  const fmt = useFormat();
  const atId = useId();
  const flightId = useId();
  const confirmId = useId();
  const problems = stepProblems(m, to, values);
  const etd = etdOf(m);
  const atLabel = to === 'departed' ? t('step.atd') : to === 'arrived' ? t('step.ata') : t('step.at');
  const atError = problems.includes('time') ? t('step.timeRequired') : problems.includes('future') ? t('step.future') : problems.includes('beforeAtd') ? t('step.beforeAtd', { atd: fmt.dateTime(m.atd) }) : null;
  return (
    <div className="mb-3" data-testid="step-fields">
      <Form.Group controlId={atId} className="mb-2">
        <Form.Label className="small">{atLabel}</Form.Label>
        <DateInput
          id={atId}
          withTime
          required
          value={values.at}
          onChange={(at) => onChange({ ...values, at, confirm: false })}
          error={atError ?? undefined}
          aria-describedby={`${atId}-help`}
          data-testid="step-at"
        />
        <Form.Text id={`${atId}-help`} className="small">
          {to === 'departed' && etd ? t('step.etdHelp', { etd: fmt.dateTime(etd) }) : to === 'arrived' && m.atd ? t('step.atdHelp', { atd: fmt.dateTime(m.atd) }) : t('step.atHelp')}
        </Form.Text>
      </Form.Group>
      {to === 'departed' &&
        (m.flightLegs.length ? (
          <p className="small mb-2" data-testid="step-flights">
            <i className="bi bi-airplane me-1" aria-hidden="true" />
            {t('step.flights', { flights: m.flightLegs.map((l) => `${l.flightNo} ${l.from}→${l.to}`).join(' · ') })}
          </p>
        ) : (
          <Form.Group controlId={flightId} className="mb-2">
            <Form.Label className="small">{t('step.flightNo')}</Form.Label>
            <Form.Control
              value={values.flightNo}
              required
              maxLength={12}
              autoComplete="off"
              placeholder="BR25"
              onChange={(e) => onChange({ ...values, flightNo: e.target.value })}
              aria-describedby={`${flightId}-help`}
              data-testid="step-flight"
            />
            <Form.Text id={`${flightId}-help`} className="small">
              {t('step.flightHelp')}
            </Form.Text>
          </Form.Group>
        ))}
      {to === 'departed' && etd && (problems.includes('farFromEtd') || values.confirm) && (
        <Alert variant="warning" className="small mb-0" data-testid="step-far">
          <p className="mb-2">{t('step.farFromEtd', { hours: MAWB_ATD_CONFIRM_HOURS, etd: fmt.dateTime(etd) })}</p>
          <Form.Check id={confirmId} type="checkbox" label={t('step.confirmFar')} checked={values.confirm} onChange={(e) => onChange({ ...values, confirm: e.target.checked })} />
        </Alert>
      )}
    </div>
  );
}
