import { useCurrentRoute } from '../route-handle';
import { useSession } from '../session/session-context';
import { ActivateReminder } from './ActivateReminder';

/** Routes that speak of activation themselves: the wizard ends on it (SPEC §2.4 step 7). */
const OWN_ACTIVATION_TEXT = new Set(['signup', 'complete-signup']);

/** Shows the reminder only to members whose email is not confirmed yet. */
export function ActivateReminderSlot() {
  const { user } = useSession();
  const route = useCurrentRoute();
  if (!user || user.activated || OWN_ACTIVATION_TEXT.has(route?.name ?? '')) return null;
  return <ActivateReminder email={user.email} mailprovider={user.mailprovider} />;
}
