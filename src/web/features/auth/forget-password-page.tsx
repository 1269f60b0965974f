import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { ForgotPasswordResponse } from '../../../shared/contracts/auth';
import { api, errorMessage } from '../../lib/api-client';
import { toast } from '../../lib/toast';
import { AuthCard } from './auth-card';
import { EmailField, looksLikeEmail } from './email-field';
import { displayError } from './messages';
import { SubmitButton } from './submit-button';

/** /auth/forget-password: asks for the e-mail, then /auth/confirm says to check the mail (whatever the account). */
export function ForgetPasswordPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    const value = email.trim();
    const problem = !value ? t('validation.emailRequired') : !looksLikeEmail(value) ? t('validation.emailInvalid') : null;
    setFieldError(problem);
    setError(null);
    if (problem) return emailRef.current?.focus();
    setBusy(true);
    try {
      const res = await api.post<ForgotPasswordResponse>('/api/auth/forgot-password', { email: value });
      // The address travels in history state, not the URL: it stays out of logs and shared links.
      navigate('/auth/confirm', { state: { email: value, delivery: res.delivery } });
    } catch (err) {
      const message = displayError(t, errorMessage(err));
      setError(message);
      toast.error(message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard
      title={t('titles.forgetPassword')}
      subtitle={t('forget.subtitle')}
      footer={
        <Link to="/auth/login" className="link-secondary">
          <i className="bi bi-arrow-left me-1" aria-hidden="true" />
          {t('forget.backToLogin')}
        </Link>
      }
    >
      {error ? (
        <div className="alert alert-danger py-2" role="alert">
          {error}
        </div>
      ) : null}
      <form noValidate onSubmit={(e) => void onSubmit(e)}>
        <EmailField value={email} onChange={setEmail} error={fieldError} autoFocus inputRef={emailRef} />
        <SubmitButton busy={busy} busyLabel={t('forget.submitting')}>
          {t('forget.submit')}
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
