import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Logo } from '../../../app/nav/Logo';

/** The logo over a full-bleed design (the empty layout has no header of its own). */
export function LanderBrand({ light = false }: { light?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className={`lander-brand${light ? ' is-light' : ''}`}>
      <Link to="/" aria-label={t('nav.home')} className="navbar-brand">
        <Logo />
      </Link>
    </div>
  );
}
