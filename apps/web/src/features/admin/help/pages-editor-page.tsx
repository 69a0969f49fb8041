import { zodResolver } from '@hookform/resolvers/zod';
import {
  CONTENT_PAGES,
  helpPageEditSchema,
  isContentPage,
  parseMarkdown,
  type AdminHelpPage,
  type ContentPageSlug,
  type HelpPageEdit,
} from '@marketplace/contracts/help';
import type { MessageKey } from '@marketplace/contracts/i18n';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useParams } from 'react-router';
import type { z } from 'zod/mini';
import { LoadFailed, Loading } from '../../../components/list-states';
import { MarkdownBlocks } from '../../../components/markdown-blocks';
import { NotFoundPage } from '../../../components/not-found-page';
import { usePageTitle } from '../../../hooks/use-page-title';
import { useCatalogueFormat } from '../../../lib/format';
import { applyServerErrors } from '../../../lib/form-errors';
import { useI18n } from '../../../lib/i18n/i18n-store';
import { notify } from '../../../lib/toasts/notify';
import { richText } from '../../../lib/i18n/rich-text';
import { LanguagePair } from '../language-pair';
import { staffPaths } from '../staff-paths';
import { UserText } from '../user-text';
import { FormEnd } from './form-end';
import { useAdminPage, useAdminPages, useWritePage } from './help-api';

const iso = (ms: number) => new Date(ms).toISOString();

/** Each page by the name the footer gives it, in the reader's language. */
const PAGE_NAMES: Readonly<Record<ContentPageSlug, MessageKey>> = {
  safety: 'nav.safety',
  terms: 'nav.terms',
  privacy: 'nav.privacy',
  about: 'nav.about',
};

/** /admin/help/pages: the pages staff write, each with its version and when it last changed. */
export function PagesListPage() {
  const { t } = useI18n();
  const format = useCatalogueFormat();
  usePageTitle(t('admin.help.pagesTitle'));
  const pages = useAdminPages();
  return (
    <section aria-labelledby="pages-title">
      <h1 id="pages-title" className="h3 mb-1">
        {t('admin.help.pagesTitle')}
      </h1>
      <p className="text-body-secondary">
        {t('admin.help.pagesIntro')} <Link to={staffPaths.help}>{t('admin.help.faqLink')}</Link>
      </p>
      {pages.isError ? (
        <LoadFailed message={t('admin.help.loadFailed')} onRetry={() => void pages.refetch()} />
      ) : pages.isPending ? (
        <Loading />
      ) : (
        <ul className="list-unstyled">
          {CONTENT_PAGES.map((slug) => {
            const page = pages.data.find((candidate) => candidate.slug === slug);
            return (
              <li key={slug} className="border-bottom py-2">
                <Link to={staffPaths.helpPage(slug)}>{t(PAGE_NAMES[slug])}</Link>{' '}
                {page && (
                  <span className="small text-body-secondary">
                    {t('admin.help.versionOn', { version: page.version, date: format.dateTime(iso(page.updated_at)) })}
                  </span>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

/** /admin/help/pages/:slug: both languages' title and text, a preview as the site shows it, and the history. */
export function PageEditorPage() {
  const slug = useParams().slug;
  if (!isContentPage(slug)) return <NotFoundPage />;
  return <PageEditor key={slug} slug={slug} />;
}

function PageEditor({ slug }: { slug: ContentPageSlug }) {
  const { t } = useI18n();
  const page = useAdminPage(slug);
  usePageTitle(t('admin.help.editPage', { title: t(PAGE_NAMES[slug]) }));
  if (page.isError) return <LoadFailed message={t('admin.help.loadFailed')} onRetry={() => void page.refetch()} />;
  if (page.isPending) return <Loading />;
  return <PageForm key={page.data.version} page={page.data} />;
}

function PageForm({ page }: { page: AdminHelpPage }) {
  const { t, locale } = useI18n();
  const title = locale === 'ar' ? page.title_ar : page.title;
  const format = useCatalogueFormat();
  const id = useId();
  const { save, restore } = useWritePage(page.slug);
  const [formError, setFormError] = useState<string>();
  const [preview, setPreview] = useState<'en' | 'ar'>();
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors },
  } = useForm<HelpPageEdit, unknown, z.output<typeof helpPageEditSchema>>({
    resolver: zodResolver(helpPageEditSchema),
    defaultValues: { title: page.title, title_ar: page.title_ar, body: page.body, body_ar: page.body_ar },
  });
  const draft = useWatch({ control });
  const onSubmit = handleSubmit(async (values) => {
    setFormError(undefined);
    try {
      const saved = await save.mutateAsync(values);
      notify.success(t('admin.help.pageSaved', { version: saved.version }));
    } catch (error) {
      setFormError(applyServerErrors(error, setError, ['title', 'title_ar', 'body', 'body_ar']));
    }
  });
  const onRestore = async (version: number) => {
    try {
      const restored = await restore.mutateAsync(version);
      notify.success(t('admin.help.restored', { version, now: restored.version }));
    } catch {
      notify.error(t('admin.help.restoreFailed'));
    }
  };
  return (
    <section aria-labelledby={`${id}-title`}>
      <p className="mb-1">
        <Link to={staffPaths.helpPages}>{t('admin.help.pagesTitle')}</Link>
      </p>
      <h1 id={`${id}-title`} className="h3">
        {t('admin.help.editPage', { title })}
      </h1>
      <p className="text-body-secondary small">
        {t('admin.help.versionOn', { version: page.version, date: format.dateTime(iso(page.updated_at)) })} ·{' '}
        <a href={`/${page.slug}`}>{t('admin.help.seeOnSite')}</a>
      </p>
      <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label={t('admin.help.editPage', { title })}>
        <LanguagePair
          labels={[t('admin.help.field.titleEn'), t('admin.help.field.titleAr')]}
          registrations={[register('title'), register('title_ar')]}
          errors={[errors.title, errors.title_ar]}
        />
        <LanguagePair
          labels={[t('admin.help.field.bodyEn'), t('admin.help.field.bodyAr')]}
          registrations={[register('body'), register('body_ar')]}
          errors={[errors.body, errors.body_ar]}
          area={{ rows: 14, hint: t('admin.help.markdownHint') }}
        />
        <div className="d-flex flex-wrap gap-2 mb-3">
          <button
            type="button"
            className="btn btn-outline-secondary"
            aria-pressed={preview === 'en'}
            onClick={() => setPreview(preview === 'en' ? undefined : 'en')}
          >
            {t('admin.help.previewEn')}
          </button>
          <button
            type="button"
            className="btn btn-outline-secondary"
            aria-pressed={preview === 'ar'}
            onClick={() => setPreview(preview === 'ar' ? undefined : 'ar')}
          >
            {t('admin.help.previewAr')}
          </button>
        </div>
        {preview && (
          <section
            className="card card-body mb-3"
            aria-label={t('admin.help.preview')}
            lang={preview}
            dir={preview === 'ar' ? 'rtl' : 'ltr'}
          >
            <h2 className="h4">{preview === 'ar' ? draft.title_ar : draft.title}</h2>
            <MarkdownBlocks blocks={parseMarkdown((preview === 'ar' ? draft.body_ar : draft.body) ?? '')} />
          </section>
        )}
        <FormEnd pending={save.isPending} error={formError} />
      </form>
      <section className="mt-4" aria-labelledby={`${id}-history`}>
        <h2 id={`${id}-history`} className="h5">
          {t('admin.help.history')}
        </h2>
        <ol className="list-unstyled" reversed>
          {page.versions.map((version) => (
            <li key={version.version} className="border-bottom py-2 d-flex flex-wrap align-items-center gap-2">
              <span>
                {richText(t, 'admin.help.versionBy', {
                  version: version.version,
                  date: format.dateTime(iso(version.created_at)),
                  who: version.created_by === null ? t('admin.help.seeded') : <UserText>{version.created_by}</UserText>,
                })}
              </span>
              {version.version === page.version ? (
                <span className="badge text-bg-success">{t('admin.help.current')}</span>
              ) : (
                <button
                  type="button"
                  className="btn btn-link btn-sm"
                  disabled={restore.isPending}
                  onClick={() => void onRestore(version.version)}
                >
                  {t('admin.help.restore', { version: version.version })}
                </button>
              )}
            </li>
          ))}
        </ol>
      </section>
    </section>
  );
}
