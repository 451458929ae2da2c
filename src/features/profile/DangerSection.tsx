import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeleteAccountDialog } from '../account/DeleteAccountDialog';
import { ProfileSection } from './ProfileSection';

/** The danger zone: deleting the account, behind a dialog that asks for the password. */
export function DangerSection() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <ProfileSection
      id="profile-delete"
      title={t('delete_account.title')}
      intro={t('delete_account.text')}
      className="profile-danger"
    >
      <button
        type="button"
        className="btn btn-outline-danger profile-action"
        onClick={() => setOpen(true)}
      >
        {t('delete_account.button')}
      </button>
      <DeleteAccountDialog show={open} onClose={() => setOpen(false)} />
    </ProfileSection>
  );
}
