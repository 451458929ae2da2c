import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { pathFor } from '../../shared/route-table';
import { useSession } from '../session/session-context';
import { useTemplate } from '../template/template-context';
import { LanguageSwitcher } from './LanguageSwitcher';
import { Logo } from './Logo';
import { NavActions } from './NavActions';

/** The stats console's address. */
const STATS_PAGE = pathFor('moderation-stats');

/** Top navigation; below the md breakpoint the links fold into a menu behind a toggle. */
export function TopNav() {
  const { t } = useTranslation();
  const { user } = useSession();
  const { navigation } = useTemplate().config;
  const location = useLocation();
  // The menu is open for the location it was opened on, so any navigation closes it.
  const [openAt, setOpenAt] = useState<string | null>(null);
  const open = openAt === location.key;
  const menuId = 'top-nav-menu';

  const onStats = location.pathname.startsWith(STATS_PAGE);
  const links = [
    { to: '/members', label: t('nav.members'), show: true },
    { to: '/chats', label: t('nav.chats'), show: Boolean(user) && navigation.showChats },
    { to: '/likes', label: t('nav.likes'), show: Boolean(user) && navigation.showLikes },
    { to: '/profile', label: t('my_profile.nav_link'), show: Boolean(user) },
    // The stats console lives under /moderation/ but is a place of its own in the menu.
    {
      to: '/moderation',
      label: t('moderation.nav_link'),
      show: user?.moderator === true,
      end: onStats,
    },
    { to: STATS_PAGE, label: t('stats.nav_link'), show: user?.stats === true },
  ].filter((link) => link.show);

  return (
    <header className="app-header">
      <nav className="navbar navbar-expand-md" aria-label={t('nav.label')}>
        <div className="container">
          <Link className="navbar-brand" to="/" aria-label={t('nav.home')}>
            <Logo />
          </Link>
          <button
            type="button"
            className="navbar-toggler"
            aria-controls={menuId}
            aria-expanded={open}
            aria-label={t('nav.menu')}
            onClick={() => setOpenAt(open ? null : location.key)}
          >
            <span className="navbar-toggler-icon" />
          </button>
          <div id={menuId} className={`collapse navbar-collapse${open ? ' show' : ''}`}>
            <ul className="navbar-nav me-auto">
              {links.map((link) => (
                <li className="nav-item" key={link.to}>
                  <NavLink className="nav-link" to={link.to} end={link.end}>
                    {link.label}
                  </NavLink>
                </li>
              ))}
            </ul>
            <div className="nav-actions d-flex flex-wrap align-items-center gap-2">
              {navigation.showLanguageSwitcher && <LanguageSwitcher />}
              <NavActions />
            </div>
          </div>
        </div>
      </nav>
    </header>
  );
}
