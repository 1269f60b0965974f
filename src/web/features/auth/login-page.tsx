import { lazy, Suspense, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation } from 'react-router';
import { toast } from '../../lib/toast';
import { AuthCard } from './auth-card';
import { EmailField, looksLikeEmail } from './email-field';
import { displayError } from './messages';
import { PasswordField } from './password-field';
import { LOCK_SCREEN_PATH, returnToFromSearch } from '../../lib/return-to';
import { SubmitButton } from './submit-button';
import { lastLoginError, useAuth } from '../../lib/use-auth';
import { usePreloadOnIdle } from '../../lib/routing/preload';
import { useStaticLoginTakeOver } from '../../lib/static-login';
import { loadChunk } from '../../lib/routing/chunk-load';

// The second step is fetched only by an account that has one: the login screen's first paint stays within its budget.
const MfaStepForm = lazy(() => loadChunk(() => import('./mfa-step')).then((m) => ({ default: m.MfaStepForm })));

interface FieldErrors {
  email?: string;
  password?: string;
}

/** /auth/login: e-mail and password; success returns to the page the user came from (else the dashboard). */
export function LoginPage() {
  const { t } = useTranslation('auth');
  const auth = useAuth();
  const location = useLocation();
  const returnTo = returnToFromSearch(location.search);
  // While the user types, the page they will land on loads (after this one has fully loaded, in idle time).
  usePreloadOnIdle(returnTo);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  // The store keeps the last login failure, whichever screen caused it; show it once the user tried here.
  const [attempted, setAttempted] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  // Opened by a document load, the page arrived as static HTML first: keep what the user typed there, and the focus.
  const { takingOver } = useStaticLoginTakeOver({ email: emailRef, password: passwordRef }, (typed) => {
    setEmail(typed.email);
    setPassword(typed.password);
  });

  // Signed in (now, or already when the page opened): go where the user was heading.
  if (auth.isAuthenticated && !auth.locked && !auth.login.loading) return <Navigate to={returnTo} replace />;

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (auth.login.loading) return;
    const errors: FieldErrors = {};
    if (!email.trim()) errors.email = t('validation.emailRequired');
    else if (!looksLikeEmail(email)) errors.email = t('validation.emailInvalid');
    if (!password) errors.password = t('validation.passwordRequired');
    setFieldErrors(errors);
    if (errors.email) return emailRef.current?.focus();
    if (errors.password) return passwordRef.current?.focus();

    setAttempted(true);
    const ok = await auth.signIn(email, password);
    // Password right, a second step is due: the form below becomes that step.
    if (!ok && auth.mfaPending()) {
      setPassword('');
      return;
    }
    if (!ok) {
      toast.error(displayError(t, lastLoginError() ?? ''));
      setPassword('');
      passwordRef.current?.focus();
    }
  }

  const shownError = attempted && auth.login.error ? displayError(t, auth.login.error) : null;

  if (auth.mfa) {
    return (
      <AuthCard title={t(auth.mfa.kind === 'code' ? 'mfa.title' : 'mfa.enrolTitle')} subtitle={auth.mfa.email}>
        <Suspense fallback={null}>
          <MfaStepForm step={auth.mfa} busy={auth.login.loading} error={auth.login.error} />
        </Suspense>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title={t('titles.login')}
      subtitle={t('login.subtitle')}
      footer={
        <Link to="/" className="link-secondary">
          <i className="bi bi-arrow-left me-1" aria-hidden="true" />
          {t('login.backHome')}
        </Link>
      }
    >
      {auth.logoutFlag && !shownError ? (
        <div className="alert alert-info py-2" role="status">
          {t('login.signedOut')}
        </div>
      ) : null}
      {auth.locked && !shownError ? (
        <div className="alert alert-warning py-2 d-flex flex-wrap gap-2 justify-content-between" role="status">
          <span>{t('login.lockedNotice', { name: auth.locked.fullName })}</span>
          <Link to={LOCK_SCREEN_PATH} className="alert-link">
            {t('login.unlockLink')}
          </Link>
        </div>
      ) : null}
      {shownError ? (
        <div className="alert alert-danger py-2" role="alert" data-testid="login-error">
          {shownError}
        </div>
      ) : null}
      <form noValidate onSubmit={(e) => void onSubmit(e)}>
        <EmailField value={email} onChange={setEmail} error={fieldErrors.email} autoFocus={!takingOver} inputRef={emailRef} />
        <PasswordField
          label={t('fields.password')}
          value={password}
          onChange={setPassword}
          error={fieldErrors.password}
          autoComplete="current-password"
          inputRef={passwordRef}
        />
        <div className="d-flex justify-content-end mb-3">
          <Link to="/auth/forget-password" className="small">
            {t('login.forgot')}
          </Link>
        </div>
        <SubmitButton busy={auth.login.loading} busyLabel={t('login.submitting')}>
          {t('login.submit')}
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
