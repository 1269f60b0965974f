import { useId, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { TwoFactorEnrolment } from '../../shared/contracts/auth';

/**
 * Two-factor sign-in pieces shared by the sign-in screen and the account screen (texts in the `auth` namespace).
 */

/** Six digits from the authenticator app; the phone's keyboard shows digits and may offer the code itself. */
export function TotpCodeField({
  value,
  onChange,
  error,
  autoFocus,
  inputRef,
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  autoFocus?: boolean;
  inputRef?: Ref<HTMLInputElement>;
}) {
  const { t } = useTranslation('auth');
  const id = useId();
  return (
    <div className="mb-3">
      <label htmlFor={id} className="form-label">
        {t('mfa.codeLabel')}
      </label>
      <input
        id={id}
        ref={inputRef}
        name="code"
        className={`form-control form-control-lg text-center font-monospace ${error ? 'is-invalid' : ''}`}
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9 ]*"
        maxLength={7}
        placeholder="123456"
        value={value}
        autoFocus={autoFocus}
        aria-describedby={error ? `${id}-error` : undefined}
        aria-invalid={error ? true : undefined}
        data-testid="mfa-code"
        onChange={(e) => onChange(e.target.value)}
      />
      {error ? (
        <div id={`${id}-error`} className="invalid-feedback">
          {error}
        </div>
      ) : null}
    </div>
  );
}

/** The key to add to an authenticator app: the QR code, and the same key as text for typing it in. */
export function EnrolmentKey({ enrolment }: { enrolment: TwoFactorEnrolment }) {
  const { t } = useTranslation('auth');
  const grouped = enrolment.secret.replace(/(.{4})/g, '$1 ').trim();
  return (
    <div className="text-center mb-3" data-testid="mfa-enrolment">
      <p className="small text-body-secondary mb-2">{t('mfa.scan')}</p>
      <img src={enrolment.qrCodeDataUrl} alt={t('mfa.qrAlt')} width={200} height={200} className="border rounded bg-white p-1 mb-2" />
      <p className="small text-body-secondary mb-1">{t('mfa.manualKey')}</p>
      <code className="d-inline-block user-select-all fs-6 text-break" data-testid="mfa-secret">
        {grouped}
      </code>
    </div>
  );
}

/** The recovery codes, shown once: each signs in one time instead of a code. */
export function RecoveryCodes({ codes }: { codes: string[] }) {
  const { t } = useTranslation('auth');
  return (
    <div className="mb-3">
      <div className="alert alert-warning py-2 small" role="status">
        {t('mfa.recoveryIntro')}
      </div>
      <ol className="list-unstyled row row-cols-2 g-1 font-monospace text-center mb-2" data-testid="mfa-recovery-codes">
        {codes.map((c) => (
          <li key={c} className="col">
            <span className="d-block border rounded py-1 user-select-all">{c}</span>
          </li>
        ))}
      </ol>
      <button type="button" className="btn btn-outline-secondary btn-sm" onClick={() => void navigator.clipboard?.writeText(codes.join('\n'))}>
        <i className="bi bi-clipboard me-1" aria-hidden="true" />
        {t('mfa.copyCodes')}
      </button>
    </div>
  );
}
