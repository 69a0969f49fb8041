import {
  WELCOME_VIDEO_MAX_BYTES,
  WELCOME_VIDEO_PARTS,
  type AdminWelcomeVideo,
  type WelcomeVideoPart,
} from '@marketplace/contracts/welcome-video';
import type { MessageKey } from '@marketplace/contracts/i18n';
import { useId, useState, type ChangeEvent } from 'react';
import { LoadFailed, Loading } from '../../../components/list-states';
import { usePageTitle } from '../../../hooks/use-page-title';
import { apiError } from '../../../lib/http';
import { useI18n } from '../../../lib/i18n/i18n-store';
import { notify } from '../../../lib/toasts/notify';
import { useAdminWelcomeVideo, useReplaceWelcomeVideoPart } from './welcome-video-api';

/** Each part's name and the files its picker offers (the server decides by the bytes, not these). */
const PARTS: Record<WelcomeVideoPart, { label: MessageKey; accept: string }> = {
  webm: { label: 'admin.welcomeVideo.part.webm', accept: 'video/webm,.webm' },
  mp4: { label: 'admin.welcomeVideo.part.mp4', accept: 'video/mp4,.mp4' },
  poster: { label: 'admin.welcomeVideo.part.poster', accept: 'image/*' },
  captions_en: { label: 'admin.welcomeVideo.part.captionsEn', accept: 'text/vtt,.vtt' },
  captions_ar: { label: 'admin.welcomeVideo.part.captionsAr', accept: 'text/vtt,.vtt' },
};

const addressOf = (files: AdminWelcomeVideo['files'], part: WelcomeVideoPart) =>
  part === 'captions_en' ? files.captions.en : part === 'captions_ar' ? files.captions.ar : files[part];

/**
 * /admin/welcome-video (issue 31, welcome-video.edit, decision 041): the video the home page and a
 * new account's empty states offer, and its five files, each replaceable (checked by its bytes on
 * the server) or put back to the one committed with the app.
 */
export function WelcomeVideoPage() {
  const { t } = useI18n();
  usePageTitle(t('admin.welcomeVideo.title'));
  const video = useAdminWelcomeVideo();
  return (
    <section aria-labelledby="welcome-video-title">
      <h1 id="welcome-video-title" className="h3 mb-1">
        {t('admin.welcomeVideo.title')}
      </h1>
      <p className="text-body-secondary">{t('admin.welcomeVideo.intro')}</p>
      {video.isError ? (
        <LoadFailed message={t('admin.welcomeVideo.loadFailed')} onRetry={() => void video.refetch()} />
      ) : video.isPending ? (
        <Loading />
      ) : (
        <>
          <video
            key={JSON.stringify(video.data.files)}
            controls
            preload="none"
            poster={video.data.files.poster}
            className="d-block w-100 mb-3 rounded"
            style={{ maxWidth: '32rem', aspectRatio: '16 / 9' }}
            aria-label={t('admin.welcomeVideo.preview')}
          >
            <source src={video.data.files.webm} type="video/webm" />
            <source src={video.data.files.mp4} type="video/mp4" />
          </video>
          <ul className="list-unstyled">
            {WELCOME_VIDEO_PARTS.map((part) => (
              <PartRow key={part} part={part} video={video.data} />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function PartRow({ part, video }: { part: WelcomeVideoPart; video: AdminWelcomeVideo }) {
  const { t } = useI18n();
  const inputId = useId();
  const replace = useReplaceWelcomeVideoPart(part);
  const [problem, setProblem] = useState<string>();
  const label = t(PARTS[part].label);
  const replaced = video.replaced.includes(part);

  const send = async (file: File | null) => {
    setProblem(undefined);
    try {
      await replace.mutateAsync(file);
      notify.success(t(file ? 'admin.welcomeVideo.replaced' : 'admin.welcomeVideo.reset', { part: label }));
    } catch (error) {
      const failure = apiError(error);
      setProblem(failure?.body.errors?.file?.[0] ?? failure?.body.message ?? t('shell.serverUnreachable'));
    }
  };
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (file.size > WELCOME_VIDEO_MAX_BYTES[part]) {
      return setProblem(t('admin.welcomeVideo.tooLarge', { size: WELCOME_VIDEO_MAX_BYTES[part] / 1024 }));
    }
    void send(file);
  };

  return (
    <li className="border-bottom py-2">
      <div className="d-flex flex-wrap align-items-center gap-2">
        <strong>{label}</strong>
        <span className="badge text-bg-light">
          {t(replaced ? 'admin.welcomeVideo.fromStaff' : 'admin.welcomeVideo.committed')}
        </span>
        <a href={addressOf(video.files, part)} className="small text-break" dir="ltr">
          {addressOf(video.files, part)}
        </a>
      </div>
      <div className="d-flex flex-wrap align-items-center gap-2 mt-1">
        <label htmlFor={inputId} className="btn btn-outline-primary btn-sm mb-0">
          {t('admin.welcomeVideo.replace', { part: label })}
        </label>
        <input
          id={inputId}
          type="file"
          accept={PARTS[part].accept}
          className="visually-hidden"
          disabled={replace.isPending}
          aria-describedby={problem ? `${inputId}-error` : undefined}
          aria-invalid={problem ? true : undefined}
          onChange={onChange}
        />
        {replaced && (
          <button
            type="button"
            className="btn btn-link btn-sm"
            disabled={replace.isPending}
            onClick={() => void send(null)}
          >
            {t('admin.welcomeVideo.putBack', { part: label })}
          </button>
        )}
      </div>
      {problem && (
        <div id={`${inputId}-error`} className="invalid-feedback d-block">
          {problem}
        </div>
      )}
    </li>
  );
}
