import { useLocation, useParams } from 'react-router-dom';
import { ErrorPage } from '../../app/error/ErrorPage';
import { NOT_FOUND_MESSAGE } from '../../app/error/page-error';
import { useSession } from '../../app/session/session-context';
import { useSiteSettings } from '../members/use-site-settings';
import { MemberView } from './MemberView';
import { QueueView } from './QueueView';
import '../chats/chat-dialogs.scss';
import './moderation.scss';

/**
 * `/moderation` (the open queue) and `/moderation/members/{id}` (one member): moderators only,
 * everyone else sees the 404 page, as the server answers them. Online only: the console always
 * shows the server's current state and stores nothing on the device.
 */
export default function ModerationScreen() {
  const { user } = useSession();
  const settings = useSiteSettings();
  const { memberId } = useParams();
  const { pathname } = useLocation();
  const cdnPrefix = settings?.cdn_prefix ?? '/uploads/';

  if (user?.moderator !== true) {
    return <ErrorPage status={404} message={NOT_FOUND_MESSAGE} path={pathname} />;
  }
  return (
    <div className="moderation-screen container page-pad">
      {memberId ? (
        <MemberView key={memberId} memberId={Number(memberId)} cdnPrefix={cdnPrefix} />
      ) : (
        <QueueView cdnPrefix={cdnPrefix} />
      )}
    </div>
  );
}
