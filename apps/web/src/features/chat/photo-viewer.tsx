import { useEffect, useRef } from 'react';
import { useI18n } from '../../lib/i18n/i18n-store';

/** A photo to look at full size: its largest stored size, its dimensions and what it shows. */
export interface ViewedPhoto {
  src: string;
  width: number;
  height: number;
  alt: string;
}

/**
 * A chat photo full size over the page: a modal dialog (focus stays inside it, Escape or a click
 * outside the photo closes it, and focus returns to the photo that opened it).
 */
export function PhotoViewer({ photo, onClose }: { photo: ViewedPhoto; onClose: () => void }) {
  const { t } = useI18n();
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return undefined;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    // Browsers without modal dialogs (and jsdom) show it as an open one.
    if (typeof element.showModal === 'function') element.showModal();
    else element.setAttribute('open', '');
    return () => {
      if (typeof element.close === 'function' && element.open) element.close();
      opener?.focus();
    };
  }, []);
  return (
    <dialog
      ref={dialog}
      className="chat-photo-viewer"
      aria-label={photo.alt}
      onClose={onClose}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <button
        type="button"
        className="btn-close btn-close-white chat-photo-viewer-close"
        aria-label={t('chat.closePhoto')}
        onClick={onClose}
      />
      <img src={photo.src} width={photo.width} height={photo.height} alt={photo.alt} />
    </dialog>
  );
}
