import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../app/PageTitle';
import { useSession } from '../../app/session/session-context';
import { useTemplate } from '../../app/template/template-context';
import { EmailChangeForm } from '../account/EmailChangeForm';
import { useOnline } from '../members/use-online';
import { useSiteSettings } from '../members/use-site-settings';
import { AboutSection } from './AboutSection';
import { BasicsSection } from './BasicsSection';
import { CreditsSection } from './CreditsSection';
import { DangerSection } from './DangerSection';
import { DataExportSection } from './DataExportSection';
import { DetailsSection } from './DetailsSection';
import { InvitationSection } from './InvitationSection';
import { LanguageSection } from './LanguageSection';
import { LivingAreaSection } from './LivingAreaSection';
import { PasswordSection } from './PasswordSection';
import { PhotosSection } from './PhotosSection';
import { PremiumSection } from './PremiumSection';
import { ProfileSection } from './ProfileSection';
import { ProfileSummary, type SectionLink } from './ProfileSummary';
import { useProfileFields } from './use-profile-fields';
import '../account/account.scss';

/**
 * The member's own profile (`/profile`, login required): every part the sign-up wizard collects,
 * premium and the credit history, plus e-mail, password and account deletion. Each card saves on its own, and what the member
 * typed stays when a save fails (offline, server trouble).
 */
export default function ProfileScreen() {
  const { t } = useTranslation();
  const { user } = useSession();
  const settings = useSiteSettings();
  const { showNotes } = useTemplate().config.myProfile;
  const online = useOnline();
  const profileFields = useProfileFields();

  if (!user || !settings) {
    return (
      <div className="container page-pad" role="status">
        <PageTitle title={t('my_profile.title')} />
        <span className="visually-hidden">{t('my_profile.loading')}</span>
      </div>
    );
  }

  const visibleFields = settings.visible_profile_fields;
  const notes = showNotes ? settings.visible_profile_notes : [];
  const sections: SectionLink[] = [
    { id: 'profile-photos', label: t('my_profile.photos_title') },
    { id: 'profile-basics', label: t('my_profile.basics_title') },
    ...(visibleFields.length > 0
      ? [{ id: 'profile-details', label: t('my_profile.details_title') }]
      : []),
    { id: 'profile-about', label: t('my_profile.about_title') },
    { id: 'profile-area', label: t('my_profile.area_title') },
    { id: 'profile-language', label: t('my_profile.language_title') },
    { id: 'profile-premium', label: t('premium.profile_title') },
    { id: 'profile-credits', label: t('history.title') },
    { id: 'profile-email', label: t('mail_change.title') },
    { id: 'profile-password', label: t('my_profile.password_title') },
    { id: 'profile-data', label: t('data_export.title') },
    { id: 'profile-delete', label: t('delete_account.title') },
  ];

  return (
    <div className="profile-screen container page-pad">
      <PageTitle title={t('my_profile.title')} />
      <header className="profile-header">
        <h1 className="h2 mb-1">{t('my_profile.title')}</h1>
        <p className="text-body-secondary mb-0">{t('my_profile.intro')}</p>
      </header>
      {!online && (
        <p className="alert alert-warning small" role="status">
          {t('my_profile.offline_note')}
        </p>
      )}
      <div className="profile-layout">
        <ProfileSummary user={user} cdnPrefix={settings.cdn_prefix} sections={sections} />
        <div className="profile-sections">
          <PhotosSection user={user} cdnPrefix={settings.cdn_prefix} />
          <BasicsSection user={user} />
          {visibleFields.length > 0 && (
            <DetailsSection
              user={user}
              visible={visibleFields}
              fields={profileFields.fields}
              failed={profileFields.failed}
              onRetry={profileFields.retry}
            />
          )}
          <AboutSection user={user} notes={notes} />
          <LivingAreaSection user={user} settings={settings} />
          <LanguageSection user={user} />
          <InvitationSection user={user} />
          <PremiumSection user={user} />
          <CreditsSection user={user} online={online} />
          <ProfileSection id="profile-email" title={t('mail_change.title')}>
            <EmailChangeForm user={user} />
          </ProfileSection>
          <PasswordSection user={user} />
          <DataExportSection online={online} />
          <DangerSection />
        </div>
      </div>
    </div>
  );
}
