import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { toast } from '../../lib/toast';
import { initials } from '../../lib/initials';
import { AuthCard } from './auth-card';
import { clearLock, type LockRecord } from '../../lib/lock';
import { displayError } from './messages';
import { PasswordField } from './password-field';
import { lastProtectedPathOr, LOGIN_PATH, loginPathFor } from '../../lib/return-to';
import { SubmitButton } from './submit-button';
import { lastLoginError, lock, useAuth } from '../../lib/use-auth';

/**
 * /auth/lock-screen: reached after the idle minutes or from the user menu. Opening it while signed in locks the
 * console (every tab); it shows who is signed in, asks only for the password and returns to where the user was.
 */
export function LockScreenPage() {
  const { t, i18n } = useTranslation('auth');
  const auth = useAuth();
  const rec = auth.locked;
  // Decided once, on arrival: after an unlock this page is "signed in and not locked" too, and must not lock again.
  const lockOnArrival = useRef(!rec && auth.isAuthenticated);
  const lastRecord = useRef<LockRecord | null>(rec);
  if (rec) lastRecord.current = rec;
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [attempted, setAttempted] = useState(false);
  const passwordRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (lockOnArrival.current) void lock(lastProtectedPathOr());
  }, []);

  if (!rec) {
    // Unlocked, here or in another tab: back to where the user was.
    if (lastRecord.current && auth.isAuthenticated) return <Navigate to={lastRecord.current.returnTo} replace />;
    if (lockOnArrival.current && !lastRecord.current) return null;
    return <Navigate to={LOGIN_PATH} replace />;
  }

  // The password was right and the account has two-factor: the code is asked on the sign-in screen.
  if (auth.mfa) return <Navigate to={loginPathFor(rec.returnTo)} replace />;

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (auth.login.loading) return;
    if (!password) {
      setFieldError(t('validation.passwordRequired'));
      return passwordRef.current?.focus();
    }
    setFieldError(null);
    setAttempted(true);
    const ok = await auth.unlock(password);
    if (!ok && !auth.mfaPending()) {
      toast.error(displayError(t, lastLoginError() ?? ''));
      setPassword('');
      passwordRef.current?.focus();
    }
  }

  const shownError = attempted && auth.login.error ? displayError(t, auth.login.error) : null;
  const lockedAt = rec.at
    ? new Intl.DateTimeFormat(i18n.language === 'en' ? 'en-GB' : 'vi-VN', {
        hour: '2-digit',
        minute: '2-digit',
        timeZone: 'Asia/Ho_Chi_Minh',
      }).format(rec.at)
    : null;

  return (
    <AuthCard
      title={rec.fullName}
      header={
        <span className="auth-avatar" aria-hidden="true">
          {initials(rec.fullName) || '?'}
        </span>
      }
      subtitle={
        <>
          <span className="d-block text-break" data-testid="lock-email">
            {rec.email}
          </span>
          {lockedAt ? (
            <span className="d-block small">
              <i className="bi bi-lock-fill me-1" aria-hidden="true" />
              {t('lock.lockedAt', { time: lockedAt })}
            </span>
          ) : null}
          <span className="d-block small mt-2">{t('lock.subtitle')}</span>
        </>
      }
      footer={
        <button type="button" className="btn btn-link btn-sm link-secondary" onClick={() => clearLock()}>
          {t('lock.otherUser')}
        </button>
      }
    >
      {shownError ? (
        <div className="alert alert-danger py-2" role="alert">
          {shownError}
        </div>
      ) : null}
      <form noValidate onSubmit={(e) => void onSubmit(e)}>
        {/* The account is fixed; telling password managers which one fills the right password. */}
        <input type="text" name="username" autoComplete="username" hidden readOnly value={rec.email} />
        <PasswordField
          label={t('fields.password')}
          value={password}
          onChange={setPassword}
          error={fieldError}
          autoComplete="current-password"
          autoFocus
          inputRef={passwordRef}
        />
        <SubmitButton busy={auth.login.loading} busyLabel={t('lock.submitting')}>
          <i className="bi bi-unlock me-2" aria-hidden="true" />
          {t('lock.submit')}
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
