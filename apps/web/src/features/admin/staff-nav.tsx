import type { StaffAction, StaffRole } from '@marketplace/contracts/staff';
import type { MessageKey } from '@marketplace/contracts/i18n';
import { NavLink } from 'react-router';
import { useI18n } from '../../lib/i18n/i18n-store';
import { richText } from '../../lib/i18n/rich-text';
import { useStaff } from './api/staff-session';
import { staffPaths } from './staff-paths';
import { UserText } from './user-text';

export const ROLE_LABELS: Readonly<Record<StaffRole, MessageKey>> = {
  admin: 'admin.role.admin',
  moderator: 'admin.role.moderator',
  support: 'admin.role.support',
};

const LINKS: readonly { to: string; label: MessageKey; action: StaffAction; end?: boolean }[] = [
  { to: staffPaths.dashboard, label: 'admin.nav.dashboard', action: 'dashboard.view', end: true },
  { to: staffPaths.moderation, label: 'admin.nav.moderation', action: 'reports.view' },
  { to: staffPaths.users, label: 'admin.nav.users', action: 'users.view' },
  { to: staffPaths.listings, label: 'admin.nav.listings', action: 'listings.view' },
  { to: staffPaths.support, label: 'admin.nav.support', action: 'support.view' },
  { to: staffPaths.categories, label: 'admin.nav.categories', action: 'categories.edit' },
  { to: staffPaths.help, label: 'admin.nav.help', action: 'help.edit' },
  { to: staffPaths.testimonials, label: 'admin.nav.testimonials', action: 'testimonials.edit' },
  { to: staffPaths.newsletter, label: 'admin.nav.newsletter', action: 'newsletter.send' },
  { to: staffPaths.welcomeVideo, label: 'admin.nav.welcomeVideo', action: 'welcome-video.edit' },
  { to: staffPaths.audit, label: 'admin.nav.audit', action: 'audit.view' },
  { to: staffPaths.staff, label: 'admin.nav.staff', action: 'staff.manage' },
];

/** The back-office's sections, those the member's role allows; a row that scrolls sideways on a phone. */
export function StaffNav() {
  const { t } = useI18n();
  const { actions, role, user } = useStaff();
  return (
    <nav className="staff-nav" aria-label={t('admin.nav.label')}>
      <p className="staff-nav-who small text-body-secondary mb-2">
        <strong>{t('admin.title')}</strong> ·{' '}
        {richText(t, 'admin.nav.signedInAs', { name: <UserText>{user.name}</UserText>, role: t(ROLE_LABELS[role]) })}
      </p>
      <ul className="nav nav-pills staff-nav-links">
        {LINKS.filter((link) => actions.includes(link.action)).map((link) => (
          <li key={link.to} className="nav-item">
            <NavLink to={link.to} end={link.end ?? false} className="nav-link">
              {t(link.label)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
