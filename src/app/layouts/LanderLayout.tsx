import { Link, Outlet } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Footer } from '../footer/Footer';
import { Logo } from '../nav/Logo';

/** Marketing landers: only the logo on top so the offer keeps the attention, and a slim footer. */
export function LanderLayout() {
  const { t } = useTranslation();
  return (
    <>
      <header className="app-header lander-header">
        <div className="container py-2">
          <Link to="/" aria-label={t('nav.home')} className="navbar-brand">
            <Logo />
          </Link>
        </div>
      </header>
      <main id="main" className="app-main" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer minimal />
    </>
  );
}
