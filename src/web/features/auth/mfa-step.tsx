import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TwoFactorEnrolment } from '../../../shared/contracts/auth';
import { errorMessage } from '../../lib/api-client';
import { cancelMfa, completeMfa, confirmMfaEnrolment, finishMfaEnrolment, startMfaEnrolment, type MfaStep } from '../../lib/use-auth';
import { displayError } from './messages';
import { SubmitButton } from './submit-button';
import { EnrolmentKey, RecoveryCodes, TotpCodeField } from '../../components/two-factor-parts';

const SIX_DIGITS = /^\d{3}\s?\d{3}$/;

/** The login's second step: a code from the app (or a recovery code), or enrolment when the account must have it. */
export function MfaStepForm({ step, busy, error }: { step: MfaStep; busy: boolean; error: string | null }) {
  return step.kind === 'code' ? <CodeForm busy={busy} error={error} email={step.email} /> : <EnrolForm step={step} busy={busy} error={error} />;
}

function BackToPassword() {
  const { t } = useTranslation('auth');
  return (
    <div className="text-center mt-3">
      <button type="button" className="btn btn-link btn-sm" onClick={cancelMfa}>
        <i className="bi bi-arrow-left me-1" aria-hidden="true" />
        {t('mfa.back')}
      </button>
    </div>
  );
}

function CodeForm({ busy, error, email }: { busy: boolean; error: string | null; email: string }) {
  const { t } = useTranslation('auth');
  const [useRecovery, setUseRecovery] = useState(false);
  const [value, setValue] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    const typed = value.trim();
    if (!useRecovery && !SIX_DIGITS.test(typed)) return setFieldError(t('mfa.codeInvalid'));
    if (useRecovery && typed.length < 8) return setFieldError(t('mfa.recoveryInvalid'));
    setFieldError(null);
    const ok = await completeMfa(useRecovery ? { recoveryCode: typed } : { code: typed });
    if (!ok) setValue('');
  }

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} data-testid="mfa-form">
      <p className="text-body-secondary small">{t(useRecovery ? 'mfa.recoveryPrompt' : 'mfa.codePrompt', { email })}</p>
      {error ? (
        <div className="alert alert-danger py-2" role="alert" data-testid="login-error">
          {displayError(t, error)}
        </div>
      ) : null}
      {useRecovery ? (
        <div className="mb-3">
          <label htmlFor="mfa-recovery" className="form-label">
            {t('mfa.recoveryLabel')}
          </label>
          <input
            id="mfa-recovery"
            name="recoveryCode"
            className={`form-control font-monospace ${fieldError ? 'is-invalid' : ''}`}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            placeholder="abcde-23456"
            value={value}
            autoFocus
            onChange={(e) => setValue(e.target.value)}
          />
          {fieldError ? <div className="invalid-feedback">{fieldError}</div> : null}
        </div>
      ) : (
        <TotpCodeField value={value} onChange={setValue} error={fieldError} autoFocus />
      )}
      <SubmitButton busy={busy} busyLabel={t('mfa.verifying')}>
        {t('mfa.verify')}
      </SubmitButton>
      <div className="text-center mt-3">
        <button
          type="button"
          className="btn btn-link btn-sm"
          data-testid="mfa-toggle-recovery"
          onClick={() => {
            setUseRecovery(!useRecovery);
            setValue('');
            setFieldError(null);
          }}
        >
          {t(useRecovery ? 'mfa.useCode' : 'mfa.useRecovery')}
        </button>
      </div>
      <BackToPassword />
    </form>
  );
}

function EnrolForm({ step, busy, error }: { step: MfaStep; busy: boolean; error: string | null }) {
  const { t } = useTranslation('auth');
  const [enrolment, setEnrolment] = useState<TwoFactorEnrolment | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    startMfaEnrolment()
      .then((e) => live && setEnrolment(e))
      .catch((e: unknown) => live && setLoadError(errorMessage(e)));
    return () => {
      live = false;
    };
  }, [step.mfaToken]);

  if (step.recoveryCodes) {
    return (
      <div data-testid="mfa-enrolled">
        <p className="small">{t('mfa.enrolledAtLogin')}</p>
        <RecoveryCodes codes={step.recoveryCodes} />
        <button type="button" className="btn btn-primary w-100" onClick={finishMfaEnrolment} data-testid="mfa-continue">
          {t('mfa.savedContinue')}
        </button>
      </div>
    );
  }

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    if (!SIX_DIGITS.test(code.trim())) return setFieldError(t('mfa.codeInvalid'));
    setFieldError(null);
    if (!(await confirmMfaEnrolment(code.trim()))) setCode('');
  }

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} data-testid="mfa-enrol-form">
      <div className="alert alert-info py-2 small" role="status">
        {t('mfa.enrolRequired')}
      </div>
      {error || loadError ? (
        <div className="alert alert-danger py-2" role="alert" data-testid="login-error">
          {displayError(t, (error ?? loadError)!)}
        </div>
      ) : null}
      {enrolment ? <EnrolmentKey enrolment={enrolment} /> : loadError ? null : <div className="text-center py-4"><span className="spinner-border" aria-hidden="true" /></div>}
      <TotpCodeField value={code} onChange={setCode} error={fieldError} />
      <SubmitButton busy={busy} busyLabel={t('mfa.verifying')}>
        {t('mfa.enable')}
      </SubmitButton>
      <BackToPassword />
    </form>
  );
}
