import { useSession } from '../session/session-context';
import { ActivateReminder } from './ActivateReminder';

/** Shows the reminder only to members whose email is not confirmed yet. */
export function ActivateReminderSlot() {
  const { user } = useSession();
  if (!user || user.activated) return null;
  return <ActivateReminder email={user.email} mailprovider={user.mailprovider} />;
}
