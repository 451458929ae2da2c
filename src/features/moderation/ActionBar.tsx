import { useTranslation } from 'react-i18next';
import type { ModeratedMember } from '../../shared/contract/moderation';
import type { DialogAction } from './moderation-view';
import { ModerationIcon, type ModerationIconName } from './ModerationIcon';

const ICONS: Record<DialogAction, ModerationIconName> = {
  warn: 'warn',
  hide_profile: 'eyeOff',
  show_profile: 'eye',
  ban: 'ban',
  unban: 'undo',
};

/** The member-level actions that fit the member's state; each opens its dialog. */
export function ActionBar({
  member,
  onAction,
}: {
  member: ModeratedMember;
  onAction: (action: DialogAction) => void;
}) {
  const { t } = useTranslation();
  const banned = member.status === 'banned';
  const shown: DialogAction[] = [
    'warn',
    member.search_hidden ? 'show_profile' : 'hide_profile',
    banned ? 'unban' : 'ban',
  ];
  return (
    <section className="moderation-actions card" aria-labelledby="moderation-actions-title">
      <div className="card-body">
        <h2 id="moderation-actions-title" className="moderation-label">
          {t('moderation.member.actions')}
        </h2>
        <div className="moderation-action-buttons">
          {shown.map((action) => (
            <button
              key={action}
              type="button"
              className={`btn ${action === 'ban' ? 'btn-danger' : 'btn-outline-secondary'}`}
              onClick={() => onAction(action)}
            >
              <ModerationIcon name={ICONS[action]} size={18} />
              <span>{t(`moderation.actions.${action}`)}</span>
            </button>
          ))}
        </div>
        {member.status === 'deleted' && (
          <p className="small text-body-secondary mt-2 mb-0">{t('moderation.member.deleted')}</p>
        )}
      </div>
    </section>
  );
}
