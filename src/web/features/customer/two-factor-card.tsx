import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Card } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { TwoFactorEnrolment } from '../../../shared/contracts/auth';
import { LoadFailed } from '../../components/load-failed';
import { errorMessage } from '../../lib/api-client';
import { toast } from '../../lib/toast';
import { useFormat } from '../../lib/use-format';
import { EnrolmentKey, RecoveryCodes, TotpCodeField } from '../../components/two-factor-parts';
import { twoFactorApi, twoFactorKey, useTwoFactor } from './api';

const SIX_DIGITS = /^\d{3}\s?\d{3}$/;

/** The account screen's two-factor card: turn it on (QR, key, a first code, the recovery codes once) or off. */
export function TwoFactorCard() {
  const { t } = useTranslation('auth');
  const query = useTwoFactor();
  const qc = useQueryClient();
  const fmt = useFormat();
  const [enrolment, setEnrolment] = useState<TwoFactorEnrolment | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const refresh = () => qc.invalidateQueries({ queryKey: twoFactorKey });

  async function run(action: () => Promise<void>) {
    setBusy(true);
    try {
      await action();
    } catch (e) {
      setFieldError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  }

  const start = () =>
    run(async () => {
      setFieldError(null);
      setEnrolment(await twoFactorApi.start());
    });

  const confirm = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!SIX_DIGITS.test(code.trim())) return setFieldError(t('mfa.codeInvalid'));
    void run(async () => {
      const res = await twoFactorApi.confirm(code.trim());
      setCodes(res.recoveryCodes);
      setEnrolment(null);
      setCode('');
      setFieldError(null);
      toast.success(t('account2fa.enabled'));
    });
  };

  const disable = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!password) return setFieldError(t('validation.passwordRequired'));
    void run(async () => {
      const res = await twoFactorApi.disable({ password });
      setPassword('');
      setFieldError(null);
      toast.success(res.message);
      await refresh();
    });
  };

  let body;
  if (query.isPending) {
    body = <span className="placeholder col-12 rounded" style={{ height: '6rem' }} aria-hidden="true" />;
  } else if (query.isError) {
    body = <LoadFailed error={query.error} onRetry={() => void query.refetch()} />;
  } else if (codes) {
    body = (
      <>
        <RecoveryCodes codes={codes} />
        <button
          type="button"
          className="btn btn-primary"
          data-testid="mfa-done"
          onClick={() => {
            setCodes(null);
            void refresh();
          }}
        >
          {t('account2fa.done')}
        </button>
      </>
    );
  } else if (enrolment) {
    body = (
      <form noValidate onSubmit={confirm} data-testid="mfa-enrol-form">
        <EnrolmentKey enrolment={enrolment} />
        <TotpCodeField value={code} onChange={setCode} error={fieldError} />
        <div className="d-flex gap-2">
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {t('mfa.enable')}
          </button>
          <button type="button" className="btn btn-outline-secondary" onClick={() => setEnrolment(null)} disabled={busy}>
            {t('account2fa.cancel')}
          </button>
        </div>
      </form>
    );
  } else if (!query.data.enabled) {
    body = (
      <>
        <p className="small mb-2">
          <span className="badge text-bg-secondary me-2">{t('account2fa.off')}</span>
          {query.data.required ? t('account2fa.requiredNote') : null}
        </p>
        {fieldError ? <div className="alert alert-danger py-2 small">{fieldError}</div> : null}
        <button type="button" className="btn btn-primary" onClick={() => void start()} disabled={busy} data-testid="mfa-start">
          <i className="bi bi-shield-lock me-1" aria-hidden="true" />
          {t('account2fa.start')}
        </button>
      </>
    );
  } else {
    const s = query.data;
    body = (
      <>
        <p className="small mb-2">
          <span className="badge text-bg-success me-2">{t('account2fa.on')}</span>
          {s.confirmedAt ? t('account2fa.since', { date: fmt.dateTime(s.confirmedAt) }) : null}
        </p>
        <p className="small text-body-secondary">{t('account2fa.codesLeft', { count: s.recoveryCodesLeft })}</p>
        {s.required ? (
          <p className="small text-body-secondary mb-0">{t('account2fa.requiredNote')}</p>
        ) : (
          <form noValidate onSubmit={disable} className="d-flex flex-wrap gap-2 align-items-start" aria-label={t('account2fa.disable')}>
            <div className="flex-grow-1">
              <label htmlFor="mfa-disable-password" className="visually-hidden">
                {t('fields.password')}
              </label>
              <input
                id="mfa-disable-password"
                type="password"
                autoComplete="current-password"
                className={`form-control ${fieldError ? 'is-invalid' : ''}`}
                placeholder={t('fields.password')}
                value={password}
                onChange={(e) => setPassword(e.target.value)}
              />
              {fieldError ? <div className="invalid-feedback">{fieldError}</div> : null}
            </div>
            <button type="submit" className="btn btn-outline-danger" disabled={busy}>
              {t('account2fa.disable')}
            </button>
          </form>
        )}
      </>
    );
  }

  return (
    <Card className="shadow-sm" data-testid="two-factor-card">
      <Card.Body>
        <h2 className="h6 mb-1">{t('account2fa.title')}</h2>
        <p className="small text-body-secondary">{t('account2fa.intro')}</p>
        {body}
      </Card.Body>
    </Card>
  );
}
