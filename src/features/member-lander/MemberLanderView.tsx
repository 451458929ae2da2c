import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Profile } from '../../shared/contract/fields';
import { LineIcon } from '../../app/icons/LineIcon';
import { JOIN_ID } from '../landers/lander-rules';
import { CtaLink } from '../landers/parts/CtaLink';
import { LanderBrand } from '../landers/parts/LanderBrand';
import { LanderFrame } from '../landers/parts/LanderFrame';
import { LANDER_ICONS } from '../landers/parts/lander-icons';
import { StoredNote } from '../landers/parts/StoredNote';
import { photoUrl } from '../members/card-rules';
import { MemberCard } from './MemberCard';
import type { MemberLanderVariant } from './member-lander-rules';

export interface MemberLanderViewProps {
  variant: MemberLanderVariant;
  /** undefined while loading, null when the member cannot be shown. */
  profile: Profile | null | undefined;
  cdnPrefix: string;
  stored: boolean;
  join: ReactNode;
}

function Copy({ profile }: { profile: Profile | null | undefined }) {
  const { t } = useTranslation();
  return (
    <>
      <p className="lander-kicker">{t('memberLander.kicker')}</p>
      <h1 id="lander-title" className="lander-title">
        {profile === null
          ? t('memberLander.none_title')
          : profile
            ? t('memberLander.title', { name: profile.name })
            : // Same height as the name line, so nothing moves when it arrives.
              ' '}
      </h1>
      <p className="lander-lead">
        {profile
          ? t('memberLander.lead', { name: profile.name })
          : profile === null
            ? t('memberLander.none_lead')
            : ' '}
      </p>
    </>
  );
}

/** A conversation that has not started yet; typing leads to sign-up. */
function ChatPreview({ profile, cdnPrefix }: { profile: Profile; cdnPrefix: string }) {
  const { t } = useTranslation();
  const src = photoUrl(cdnPrefix, profile);
  return (
    <div className="ml2-chat">
      <div className="ml2-chat-head">
        {src ? (
          <img src={src} alt="" width={40} height={40} className="lander-photo" />
        ) : (
          <span className="lander-photo lander-photo-empty">{profile.name.slice(0, 1)}</span>
        )}
        <strong>{profile.name}</strong>
      </div>
      <div className="ml2-chat-body">
        <MemberCard profile={profile} cdnPrefix={cdnPrefix} />
      </div>
      <a className="ml2-chat-composer" href={`#${JOIN_ID}`}>
        <span>{t('memberLander.composer', { name: profile.name })}</span>
        <span className="ml2-chat-send" aria-hidden="true">
          <LineIcon path={LANDER_ICONS.chat} size={20} />
        </span>
      </a>
    </div>
  );
}

/** `/members/{id}/signup|landing|landing2|landing3`: one member's invitation, ending in sign-up. */
export function MemberLanderView({
  variant,
  profile,
  cdnPrefix,
  stored,
  join,
}: MemberLanderViewProps) {
  const copy = (
    <div className="ml2-copy">
      <Copy profile={profile} />
      <StoredNote stored={stored} />
      <CtaLink />
    </div>
  );
  if (variant === 'card') {
    return (
      <LanderFrame design="member-lander ml2-variant-card" join={join}>
        <section className="container ml2-hero" aria-labelledby="lander-title">
          <MemberCard profile={profile} cdnPrefix={cdnPrefix} />
          {copy}
        </section>
      </LanderFrame>
    );
  }
  const src = profile ? photoUrl(cdnPrefix, profile) : null;
  return (
    <LanderFrame design={`member-lander ml2-variant-${variant}`} join={join} footer>
      <section className="ml2-stage is-dark-stage" aria-labelledby="lander-title">
        {variant === 'photo' && src && (
          <img
            className="ml2-backdrop"
            src={src}
            alt=""
            width={300}
            height={300}
            aria-hidden="true"
          />
        )}
        <LanderBrand light />
        <div className="container ml2-stage-inner">
          {variant === 'chat' && profile ? (
            <ChatPreview profile={profile} cdnPrefix={cdnPrefix} />
          ) : (
            <MemberCard profile={profile} cdnPrefix={cdnPrefix} />
          )}
          {copy}
        </div>
      </section>
    </LanderFrame>
  );
}
