import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, passwordProblem } from '../../../shared/contracts/auth';
import { api, errorMessage, isApiRequestError } from '../../lib/api-client';
import { toast } from '../../lib/toast';
import { AuthCard } from './auth-card';
import { displayError } from './messages';
import { PasswordField } from './password-field';
import { SubmitButton } from './submit-button';

/** /auth/confirm: "check your mail" after a reset request; with ?token= the form that sets the new password. */
export function ConfirmPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  return token ? <ResetPasswordForm token={token} /> : <CheckYourMail />;
}

function CheckYourMail() {
  const { t } = useTranslation('auth');
  const location = useLocation();
  const state = location.state as { email?: unknown; delivery?: unknown } | null;
  const email = state?.email;
  // Without a mail server nothing was sent: say where the link is kept and who can read it.
  const outbox = state?.delivery === 'outbox';
  return (
    <AuthCard
      title={t('titles.confirm')}
      header={
        <span className="auth-avatar" aria-hidden="true">
          <i className="bi bi-envelope-check" />
        </span>
      }
      footer={
        <Link to="/auth/login" className="link-secondary">
          <i className="bi bi-arrow-left me-1" aria-hidden="true" />
          {t('confirm.backToLogin')}
        </Link>
      }
    >
      {outbox ? (
        <div className="alert alert-info" role="status" data-testid="confirm-outbox">
          <p className="mb-1">{t('confirm.outboxTitle')}</p>
          <p className="mb-0 small">{t('confirm.outboxText')}</p>
        </div>
      ) : typeof email === 'string' && email ? (
        <>
          <p className="mb-1">{t('confirm.sentTo')}</p>
          <p className="fw-semibold text-break" data-testid="confirm-email">
            {email}
          </p>
        </>
      ) : (
        <p>{t('confirm.sentGeneric')}</p>
      )}
      {/* Spam folders and "not received? send again" are about mail that was sent: not shown when none was. */}
      {!outbox && (
        <>
          <p className="text-body-secondary small">{t('confirm.validity')}</p>
          <Link to="/auth/forget-password" className="btn btn-outline-primary w-100">
            {t('confirm.resend')}
          </Link>
        </>
      )}
    </AuthCard>
  );
}

function ResetPasswordForm({ token }: { token: string }) {
  const { t } = useTranslation('auth');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [errors, setErrors] = useState<{ password?: string; repeat?: string }>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const passwordRef = useRef<HTMLInputElement>(null);
  const repeatRef = useRef<HTMLInputElement>(null);

  function ruleError(value: string): string | undefined {
    // The shared contract decides; the words come from i18n so English users read English.
    const problem = passwordProblem(value);
    if (!problem) return undefined;
    return value.length > PASSWORD_MAX_LENGTH
      ? t('validation.passwordTooLong', { max: PASSWORD_MAX_LENGTH })
      : t('validation.passwordRule', { min: PASSWORD_MIN_LENGTH });
  }

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    const next = {
      password: password ? ruleError(password) : t('validation.passwordRequired'),
      repeat: password && repeat !== password ? t('validation.passwordMismatch') : undefined,
    };
    setErrors(next);
    setError(null);
    if (next.password) return passwordRef.current?.focus();
    if (next.repeat) return repeatRef.current?.focus();
    setBusy(true);
    try {
      await api.post('/api/auth/reset-password', { token, password });
      setDone(true);
      toast.success(t('confirm.done'));
    } catch (err) {
      const fieldMessage = passwordDetail(err);
      if (fieldMessage) setErrors({ password: fieldMessage });
      const message = displayError(t, errorMessage(err));
      setError(message);
      toast.error(message);
    } finally {
      setBusy(false);
    }
  }

  if (done) {
    return (
      <AuthCard
        title={t('titles.resetPassword')}
        header={
          <span className="auth-avatar" aria-hidden="true">
            <i className="bi bi-shield-check" />
          </span>
        }
      >
        <div className="alert alert-success" role="status">
          {t('confirm.done')}
        </div>
        <Link to="/auth/login" replace className="btn btn-primary w-100">
          {t('confirm.toLogin')}
        </Link>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title={t('titles.resetPassword')}
      subtitle={t('confirm.resetSubtitle')}
      footer={
        <Link to="/auth/login" className="link-secondary">
          <i className="bi bi-arrow-left me-1" aria-hidden="true" />
          {t('confirm.backToLogin')}
        </Link>
      }
    >
      {error ? (
        <div className="alert alert-danger py-2" role="alert">
          <div>{error}</div>
          <Link to="/auth/forget-password" className="alert-link">
            {t('confirm.requestAgain')}
          </Link>
        </div>
      ) : null}
      <form noValidate onSubmit={(e) => void onSubmit(e)}>
        {/* Lets password managers file the new password under the right account. */}
        <input type="text" name="username" autoComplete="username" hidden readOnly value="" />
        <PasswordField
          label={t('fields.newPassword')}
          name="new-password"
          value={password}
          onChange={setPassword}
          error={errors.password}
          autoComplete="new-password"
          autoFocus
          inputRef={passwordRef}
          hint={t('validation.passwordRule', { min: PASSWORD_MIN_LENGTH })}
        />
        <PasswordField
          label={t('fields.confirmPassword')}
          name="confirm-password"
          value={repeat}
          onChange={setRepeat}
          error={errors.repeat}
          autoComplete="new-password"
          inputRef={repeatRef}
        />
        <SubmitButton busy={busy} busyLabel={t('confirm.submitting')}>
          {t('confirm.submit')}
        </SubmitButton>
      </form>
    </AuthCard>
  );
}

/** The server's word on the password field of a 400 (details: [{ path, message }]). */
function passwordDetail(err: unknown): string | undefined {
  if (!isApiRequestError(err) || err.status !== 400 || !Array.isArray(err.data.details)) return undefined;
  const hit = (err.data.details as { path?: unknown; message?: unknown }[]).find((d) =>
    Array.isArray(d.path) ? d.path.includes('password') : d.path === 'password',
  );
  return typeof hit?.message === 'string' ? hit.message : undefined;
}
