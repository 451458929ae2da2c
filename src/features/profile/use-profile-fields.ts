/** The selectable profile fields (GET /api/profile_fields.php, kept by the worker for offline use). */
import { useCallback, useEffect, useState } from 'react';
import type { ProfileFieldsResponse } from '../../shared/contract/settings';
import { getSync } from '../../bridges/worker-bridge';

export interface ProfileFieldsState {
  fields: ProfileFieldsResponse | null;
  failed: boolean;
  retry: () => void;
}

export function useProfileFields(): ProfileFieldsState {
  const [fields, setFields] = useState<ProfileFieldsResponse | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    getSync()
      .profileFields()
      .then(
        (loaded) => live && setFields(loaded),
        (error: unknown) => {
          console.warn('Loading the profile fields failed', error);
          if (live) setFailed(true);
        },
      );
    return () => {
      live = false;
    };
  }, [attempt]);

  const retry = useCallback(() => {
    setFailed(false);
    setAttempt((n) => n + 1);
  }, []);

  return { fields, failed, retry };
}
