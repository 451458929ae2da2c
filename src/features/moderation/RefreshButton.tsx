import { useTranslation } from 'react-i18next';
import { ModerationIcon } from './ModerationIcon';
import type { ConsoleData } from './use-console-data';

/** Loads the view again (others may have acted meanwhile); spins while it does. */
export function RefreshButton({ state }: { state: ConsoleData<unknown> }) {
  const { t } = useTranslation();
  const loading = state.status === 'loading';
  return (
    <button
      type="button"
      className="btn btn-sm btn-outline-secondary moderation-refresh"
      disabled={loading || state.status === 'offline'}
      aria-busy={loading || undefined}
      onClick={state.reload}
    >
      {loading ? (
        <span className="spinner-border spinner-border-sm" aria-hidden="true" />
      ) : (
        <ModerationIcon name="refresh" size={16} />
      )}
      <span>{t('moderation.refresh')}</span>
    </button>
  );
}
