/** Logout as a UI action: clear the session, then show the login page (SPEC §4). */
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSessionStore } from './session-context';

export function useLogout(): () => Promise<void> {
  const store = useSessionStore();
  const navigate = useNavigate();
  return useCallback(async () => {
    await store.logout();
    await navigate('/login', { replace: true });
  }, [store, navigate]);
}
