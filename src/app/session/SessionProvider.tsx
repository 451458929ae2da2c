import type { ReactNode } from 'react';
import { SessionContext } from './session-context';
import type { SessionStore } from './session-store';

/** Hands the one session store to the tree; main.tsx creates it so route loaders share it. */
export function SessionProvider({ store, children }: { store: SessionStore; children: ReactNode }) {
  return <SessionContext value={store}>{children}</SessionContext>;
}
