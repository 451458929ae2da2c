import { UploadProgress } from '../../app/forms/UploadProgress';
import * as Comlink from 'comlink';
import { useId, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { User } from '../../shared/contract/account';
import { useSession } from '../../app/session/session-context';
import { toast } from '../../app/toasts/toast-store';
import { getSync } from '../../bridges/worker-bridge';
import { ConfirmDialog } from '../chats/ConfirmDialog';
import { useAccountAction } from '../account/use-account-action';
import { isPhotoFile, PHOTO_ACCEPT, PHOTO_MAX_BYTES, photoType } from './photo-files';
import { PhotoTile } from './PhotoTile';
import { ProfileIcon } from './ProfileIcon';
import { ProfileSection } from './ProfileSection';

interface Upload {
  index: number;
  count: number;
  fraction: number;
}

/** The server's limit of photos per member answers with this key. */
const TOO_MANY = 'upload.too_many_images';

/**
 * The member's photos (SPEC §2.4 step 2 rules): a grid with the main photo first, added by click
 * or drag-and-drop with a progress bar, a confirm before deleting, and a choice of main photo.
 */
export function PhotosSection({ user, cdnPrefix }: { user: User; cdnPrefix: string }) {
  const { t } = useTranslation();
  const { setUser } = useSession();
  const id = useId();
  const picker = useRef<HTMLInputElement>(null);
  const [upload, setUpload] = useState<Upload | null>(null);
  const [dragging, setDragging] = useState(false);
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const [busyPhoto, setBusyPhoto] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<number | null>(null);
  const { busy, problem, setProblem, run } = useAccountAction();

  const mainId = user.profile.main_image?.id ?? null;
  const photos = [...user.profile.images].sort(
    (a, b) => Number(b.id === mainId) - Number(a.id === mainId),
  );

  const addFiles = async (files: File[]) => {
    if (busy || files.length === 0) return;
    const usable = files.filter((f) => isPhotoFile(f) && f.size <= PHOTO_MAX_BYTES);
    setFileProblem(usable.length < files.length ? t('my_profile.photo_unusable') : null);
    let count = 0;
    for (const [index, file] of usable.entries()) {
      setUpload({ index, count: usable.length, fraction: 0 });
      const onProgress = (fraction: number) =>
        setUpload((u) => (u && u.index === index ? { ...u, fraction } : u));
      const saved = await run(async () =>
        getSync().uploadProfileImage(
          { bytes: await file.arrayBuffer(), name: file.name, type: photoType(file) },
          Comlink.proxy(onProgress),
        ),
      );
      if (!saved) break;
      setUser(saved);
      count += 1;
    }
    setUpload(null);
    if (count > 0) toast.success(t('my_profile.photo_added', { count }));
  };

  const makeMain = async (image: number) => {
    setBusyPhoto(image);
    const saved = await run(() => getSync().setMainProfileImage(image));
    setBusyPhoto(null);
    if (!saved) return;
    setUser(saved);
    toast.success(t('my_profile.photo_main_set'));
  };

  const confirmDelete = async () => {
    if (deleting === null) return;
    const image = deleting;
    setBusyPhoto(image);
    const saved = await run(() => getSync().deleteProfileImage(image));
    setBusyPhoto(null);
    setDeleting(null);
    if (!saved) return;
    setUser(saved);
    toast.success(t('my_profile.photo_deleted'));
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    void addFiles([...event.dataTransfer.files]);
  };

  const problemText =
    problem?.key === TOO_MANY
      ? t('my_profile.photo_limit')
      : problem?.key?.startsWith('upload.')
        ? t('my_profile.photo_unusable')
        : problem?.text;
  const percent = upload ? Math.round(((upload.index + upload.fraction) / upload.count) * 100) : 0;

  return (
    <ProfileSection
      id="profile-photos"
      title={t('my_profile.photos_title')}
      intro={t('my_profile.photos_intro')}
    >
      <div
        className={`profile-dropzone${dragging ? ' is-over' : ''}`}
        onDragOver={(e) => {
          e.preventDefault();
          if (!dragging) setDragging(true);
        }}
        onDragLeave={(e) => {
          if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setDragging(false);
        }}
        onDrop={onDrop}
      >
        <ul className="profile-photos list-unstyled mb-0" aria-label={t('my_profile.photos_title')}>
          {photos.map((photo, i) => (
            <PhotoTile
              key={photo.id}
              photo={photo}
              src={cdnPrefix + photo.thumb_filename}
              n={i + 1}
              isMain={photo.id === mainId}
              busy={busyPhoto === photo.id}
              onMain={() => void makeMain(photo.id)}
              onDelete={() => {
                setProblem(null);
                setDeleting(photo.id);
              }}
            />
          ))}
          <li className="profile-photo-add">
            <button
              type="button"
              className="profile-photo-add-button"
              disabled={Boolean(upload)}
              aria-describedby={`${id}-photo-help`}
              onClick={() => picker.current?.click()}
            >
              <ProfileIcon name={photos.length ? 'plus' : 'camera'} size={28} />
              <span>{t('my_profile.photo_add')}</span>
            </button>
          </li>
        </ul>
        <input
          ref={picker}
          id={`${id}-file`}
          type="file"
          className="visually-hidden"
          tabIndex={-1}
          aria-hidden="true"
          accept={PHOTO_ACCEPT}
          multiple
          onChange={(e) => {
            const files = [...(e.target.files ?? [])];
            e.target.value = '';
            void addFiles(files);
          }}
        />
        <p id={`${id}-photo-help`} className="profile-photo-help small text-body-secondary mb-0">
          {photos.length === 0 ? t('my_profile.photos_empty') + ' ' : ''}
          {t('my_profile.photo_drop')}
        </p>
      </div>
      {upload && (
        <UploadProgress
          id={`${id}-upload-label`}
          className="profile-upload mt-3"
          label={t('my_profile.photo_uploading', { n: upload.index + 1, count: upload.count })}
          percent={percent}
        />
      )}
      {(fileProblem || problemText) && (
        <div className="alert alert-danger mt-3 mb-0" role="alert">
          {problemText ?? fileProblem}
        </div>
      )}
      <ConfirmDialog
        show={deleting !== null}
        title={t('my_profile.photo_delete_title')}
        text={t('my_profile.photo_delete_text')}
        confirmLabel={t('my_profile.photo_delete')}
        busy={busy}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </ProfileSection>
  );
}
