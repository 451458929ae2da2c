/** The ban page as the shell's answer to a ban, from whatever screen the member is on. */
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSessionStore } from './session-context';

/** Where a banned member reads why, and how to object. */
export const BAN_PAGE_PATH = '/pages/ban';

/**
 * Goes to /pages/ban when a ban ends this device's session while the page is open (any tab).
 * True until the ban page is reached: the session ends while that navigation runs, and the
 * shell must not answer the now logged-out screen with a login redirect that wins the race.
 */
export function useBanRedirect(): boolean {
  const store = useSessionStore();
  const navigate = useNavigate();
  const [redirecting, setRedirecting] = useState(false);
  useEffect(
    () =>
      store.onBanned(() => {
        setRedirecting(true);
        // Replaced: going back would only reach a screen the ended session can no longer use.
        void Promise.resolve(navigate(BAN_PAGE_PATH, { replace: true })).finally(() =>
          setRedirecting(false),
        );
      }),
    [store, navigate],
  );
  return redirecting;
}
