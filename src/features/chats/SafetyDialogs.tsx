import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../app/toasts/toast-store';
import { getSync } from '../../bridges/worker-bridge';
import type { ReportReason } from '../../bridges/worker-bridge';
import { ConfirmDialog } from './ConfirmDialog';
import { ReportDialog } from './ReportDialog';

/** Which safety dialog is open. */
export type SafetyDialog = 'block' | 'report' | null;

export interface SafetyDialogsProps {
  profile: { id: number; name: string };
  open: SafetyDialog;
  onClose: () => void;
  /** Runs after a successful block, e.g. to leave a conversation that no longer exists. */
  onBlocked?: () => void;
}

/**
 * Block (confirm, then the worker removes the member's data here too) and report (reason and
 * text), shared by the conversation header and the profile page.
 */
export function SafetyDialogs({ profile, open, onClose, onBlocked }: SafetyDialogsProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const { id, name } = profile;

  const run = async (action: () => Promise<void>, done: string, failed: string) => {
    setBusy(true);
    try {
      await action();
      toast.success(done);
      onClose();
      return true;
    } catch (error) {
      console.warn('Safety action failed', error);
      toast.error(failed, t('chat.error_title'));
      return false;
    } finally {
      setBusy(false);
    }
  };

  const block = async () => {
    const ok = await run(
      () => getSync().block(id),
      t('chat.block_done', { name }),
      t('chat.block_failed'),
    );
    if (ok) onBlocked?.();
  };
  const report = (reason: ReportReason, message: string) =>
    void run(
      () => getSync().report(id, reason, message),
      t('chat.report_done'),
      t('chat.report_failed'),
    );

  return (
    <>
      <ConfirmDialog
        show={open === 'block'}
        title={t('chat.block_title', { name })}
        text={t('chat.block_text', { name })}
        confirmLabel={t('chat.block')}
        busy={busy}
        onConfirm={() => void block()}
        onCancel={onClose}
      />
      <ReportDialog
        key={open === 'report' ? 'open' : 'closed'}
        show={open === 'report'}
        name={name}
        busy={busy}
        onSubmit={report}
        onCancel={onClose}
      />
    </>
  );
}
