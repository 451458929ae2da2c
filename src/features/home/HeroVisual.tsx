import { useTranslation } from 'react-i18next';

/** A decorative chat snippet in the hero; hidden from screen readers because the copy says it all. */
export function HeroVisual() {
  const { t } = useTranslation();
  return (
    <div className="hero-visual" aria-hidden="true">
      <div className="hero-card">
        <div className="hero-card-head">
          <span className="hero-avatar hero-avatar-a">S</span>
          <span>
            <strong>Sophie, 29</strong>
            <small>Utrecht</small>
          </span>
          <span className="hero-online" />
        </div>
        <p className="hero-bubble hero-bubble-in">{t('home.visual_message_1')}</p>
        <p className="hero-bubble hero-bubble-out">{t('home.visual_message_2')}</p>
        <p className="hero-bubble hero-bubble-in">{t('home.visual_message_3')}</p>
      </div>
      <span className="hero-heart hero-heart-1">♥</span>
      <span className="hero-heart hero-heart-2">♥</span>
    </div>
  );
}
