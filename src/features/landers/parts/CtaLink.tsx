import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { JOIN_ID } from '../lander-rules';

/** The page's call to action: it leads to the sign-up section, so it works without JavaScript too. */
export function CtaLink({
  children,
  className = '',
}: {
  children?: ReactNode;
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <a className={`btn btn-primary btn-lg lander-cta ${className}`.trim()} href={`#${JOIN_ID}`}>
      {children ?? t('landers.cta')}
    </a>
  );
}
