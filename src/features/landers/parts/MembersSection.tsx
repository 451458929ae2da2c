import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { LanderViewProps } from '../lander-view';
import { StoredNote } from './StoredNote';

/** The members below a hero: a titled section that says when the members are an earlier visit's. */
export function MembersSection({
  id,
  view,
  children,
}: {
  /** The title's id, which labels the section. */
  id: string;
  view: LanderViewProps;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <section className="container lander-section" aria-labelledby={id}>
      <h2 id={id} className="lander-h2">
        {t('landers.members_title')}
      </h2>
      <StoredNote stored={view.stored} />
      {children}
    </section>
  );
}
