/** The ban page as the shell's answer to a ban, from whatever screen the member is on. */
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { BAN_PAGE_PATH } from '../auth-redirect';
import { useSessionStore } from './session-context';

/**
 * Goes to /pages/ban when a ban ends this device's session while the page is open (any tab),
 * also from public screens. Login-required screens get there through the auth decision, which
 * sees the ban in the same update that clears the user.
 */
export function useBanRedirect(): void {
  const store = useSessionStore();
  const navigate = useNavigate();
  useEffect(
    () =>
      store.onBanned(() => {
        // Replaced: going back would only reach a screen the ended session can no longer use.
        void navigate(BAN_PAGE_PATH, { replace: true });
      }),
    [store, navigate],
  );
}
