import { useTranslation } from 'react-i18next';
import { useAuth } from '../lib/use-auth';
import { initials } from '../lib/initials';

/** "Show sidebar user info": who is signed in, at the top of the sidebar. */
export function SidebarUser({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation('shell');
  const { user, role } = useAuth();
  const name = user?.fullName || user?.email || t('topbar.guest');
  return (
    <div className={`sidebar-user ${compact ? 'sidebar-user-compact' : ''}`} data-testid="sidebar-user">
      <span className="avatar-initials avatar-lg" aria-hidden="true">
        {initials(name) || <i className="bi bi-person" />}
      </span>
      <div className={compact ? 'visually-hidden' : 'sidebar-user-text'}>
        <div className="sidebar-user-name text-truncate">{name}</div>
        {role && <div className="sidebar-user-role">{t(`common:roles.${role}`)}</div>}
      </div>
    </div>
  );
}
