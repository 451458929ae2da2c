/** A screen's view of askNothingStored: true once the browser said the device has no database. */
import { useEffect, useState } from 'react';
import { askNothingStored, nothingStoredNow } from './nothing-stored';

export function useNothingStored(): boolean {
  const [nothing, setNothing] = useState(() => nothingStoredNow() === true);
  useEffect(() => {
    if (nothingStoredNow() !== undefined) return;
    let live = true;
    void askNothingStored().then((answer) => live && setNothing(answer));
    return () => {
      live = false;
    };
  }, []);
  return nothing;
}
