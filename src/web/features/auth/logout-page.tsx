import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LOGIN_PATH } from '../../lib/return-to';
import { signOut } from '../../lib/use-auth';

/** /auth/logout: revokes the session on the server, clears everything stored, then goes to /auth/login. */
export function LogoutPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  useEffect(() => {
    let active = true;
    // signOut is single-flight, so StrictMode's second run waits on the same sign-out.
    void signOut().then(() => {
      if (active) navigate(LOGIN_PATH, { replace: true });
    });
    return () => {
      active = false;
    };
  }, [navigate]);
  return (
    <div className="d-flex flex-column align-items-center gap-3 py-5" role="status" aria-live="polite">
      <div className="spinner-border text-primary" aria-hidden="true" />
      <span>{t('logout.inProgress')}</span>
    </div>
  );
}
