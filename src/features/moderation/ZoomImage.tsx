import { useId, useState } from 'react';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';

export interface ZoomImageProps {
  thumb: string;
  full: string;
  alt: string;
  /** The button's name, e.g. "Open the screenshot". */
  label: string;
  className?: string;
}

/** A thumbnail that opens the full image in a dialog, so a moderator judges the real picture. */
export function ZoomImage({ thumb, full, alt, label, className = '' }: ZoomImageProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const titleId = useId();
  return (
    <>
      <button
        type="button"
        className={`moderation-zoom ${className}`}
        aria-label={label}
        onClick={() => setOpen(true)}
      >
        <img src={thumb} alt={alt} loading="lazy" decoding="async" />
      </button>
      <Modal
        show={open}
        onHide={() => setOpen(false)}
        centered
        size="lg"
        aria-labelledby={titleId}
        className="moderation-viewer"
      >
        <Modal.Header closeButton closeLabel={t('moderation.close')}>
          <Modal.Title id={titleId} as="h2" className="h6">
            {alt}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <img src={full} alt={alt} className="moderation-viewer-image" />
        </Modal.Body>
      </Modal>
    </>
  );
}
