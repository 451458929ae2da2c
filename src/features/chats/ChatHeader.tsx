import { memo, useState } from 'react';
import Dropdown from 'react-bootstrap/Dropdown';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import type { Profile } from '../../shared/contract/fields';
import { ChatAvatar } from './ChatAvatar';
import { ChatIcon } from './ChatIcon';
import { SafetyDialogs, type SafetyDialog } from './SafetyDialogs';
import './chat-dialogs.scss';

/**
 * The conversation's top bar: back to the list, the member (to their profile), and the menu.
 * Memoised, like the composer and the credits panel: every arriving message renders the screen.
 */
export const ChatHeader = memo(function ChatHeader({
  profile,
  cdnPrefix,
}: {
  profile: Profile | null;
  cdnPrefix: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<SafetyDialog>(null);
  const name = profile?.name ?? t('chat.member');
  return (
    <header className="chat-header">
      <Link to="/chats" className="btn btn-icon chat-header-back" aria-label={t('chat.back')}>
        <ChatIcon name="back" />
      </Link>
      {profile ? (
        <Link to={`/members/${profile.id}`} className="chat-header-member">
          <ChatAvatar profile={profile} cdnPrefix={cdnPrefix} size={40} />
          <span className="chat-header-name">
            <h1 className="h6 mb-0">{name}</h1>
            <span className="visually-hidden">{t('chat.profile_named', { name })}</span>
          </span>
        </Link>
      ) : (
        <span className="chat-header-member">
          <ChatAvatar profile={null} cdnPrefix={cdnPrefix} size={40} />
          <h1 className="h6 mb-0 chat-header-name">{name}</h1>
        </span>
      )}
      {profile && (
        <>
          <Dropdown align="end" className="chat-header-menu">
            <Dropdown.Toggle
              variant="link"
              className="btn-icon chat-header-toggle"
              aria-label={t('chat.menu')}
              title={t('chat.menu')}
            >
              <ChatIcon name="dots" />
            </Dropdown.Toggle>
            <Dropdown.Menu>
              <Dropdown.Item as="button" onClick={() => setDialog('report')}>
                {t('chat.report')}
              </Dropdown.Item>
              <Dropdown.Item as="button" className="text-danger" onClick={() => setDialog('block')}>
                {t('chat.block')}
              </Dropdown.Item>
            </Dropdown.Menu>
          </Dropdown>
          <SafetyDialogs
            profile={profile}
            open={dialog}
            onClose={() => setDialog(null)}
            onBlocked={() => navigate('/chats', { replace: true })}
          />
        </>
      )}
    </header>
  );
});
