import type { AdminTestimonial } from '@marketplace/contracts/testimonials';
import { useState } from 'react';
import { LoadFailed, Loading } from '../../../components/list-states';
import { usePageTitle } from '../../../hooks/use-page-title';
import { useI18n } from '../../../lib/i18n/i18n-store';
import { notify } from '../../../lib/toasts/notify';
import { TestimonialForm } from './testimonial-form';
import { TestimonialPhoto } from './testimonial-photo';
import { TestimonialMoves } from './testimonial-moves';
import { editBody, ROLE_LABELS, useAdminTestimonials, useSaveTestimonial } from './testimonials-api';

/**
 * /admin/testimonials (issue 31, testimonials.edit): the home page's quotes in their order, published
 * or not; add one, edit one in place (words, role, place), publish or unpublish it, give it a photo.
 */
export function TestimonialsPage() {
  const { t } = useI18n();
  usePageTitle(t('admin.testimonials.title'));
  const list = useAdminTestimonials();
  const [editing, setEditing] = useState<number | 'new'>();
  const close = () => setEditing(undefined);
  return (
    <section aria-labelledby="testimonials-title">
      <h1 id="testimonials-title" className="h3 mb-1">
        {t('admin.testimonials.title')}
      </h1>
      <p className="text-body-secondary">{t('admin.testimonials.intro')}</p>
      {list.isError ? (
        <LoadFailed message={t('admin.testimonials.loadFailed')} onRetry={() => void list.refetch()} />
      ) : list.isPending ? (
        <Loading />
      ) : (
        <>
          <button type="button" className="btn btn-primary mb-3" onClick={() => setEditing('new')}>
            {t('admin.testimonials.new')}
          </button>
          {editing === 'new' && <TestimonialForm position={(list.data.at(-1)?.position ?? 0) + 1} onDone={close} />}
          {list.data.length === 0 && <p className="empty-state">{t('admin.testimonials.empty')}</p>}
          <ol className="list-unstyled">
            {list.data.map((testimonial, index) => (
              <TestimonialRow
                key={testimonial.id}
                testimonial={testimonial}
                first={index === 0}
                last={index === list.data.length - 1}
                editing={editing === testimonial.id}
                onEdit={() => setEditing(testimonial.id)}
                onDone={close}
              />
            ))}
          </ol>
        </>
      )}
    </section>
  );
}

function TestimonialRow({
  testimonial,
  first,
  last,
  editing,
  onEdit,
  onDone,
}: {
  testimonial: AdminTestimonial;
  first: boolean;
  last: boolean;
  editing: boolean;
  onEdit: () => void;
  onDone: () => void;
}) {
  const { t, locale } = useI18n();
  const save = useSaveTestimonial(testimonial.id);
  const name = locale === 'ar' ? testimonial.name_ar : testimonial.name;
  const togglePublished = async () => {
    try {
      await save.mutateAsync({ ...editBody(testimonial), published: !testimonial.published });
      notify.success(t('admin.testimonials.saved'));
    } catch {
      notify.error(t('shell.serverUnreachable'));
    }
  };
  return (
    <li className="border-bottom py-2">
      <div className="d-flex flex-wrap align-items-center gap-2">
        <strong>
          {testimonial.position}. {name}
        </strong>
        <span className="small text-body-secondary">
          {t(ROLE_LABELS[testimonial.role])} · {locale === 'ar' ? testimonial.city_ar : testimonial.city}
        </span>
        {!testimonial.published && (
          <span className="badge text-bg-secondary">{t('admin.testimonials.unpublished')}</span>
        )}
      </div>
      <p className="mb-2" lang="en" dir="ltr">
        {testimonial.quote}
      </p>
      <p className="mb-2" lang="ar" dir="rtl">
        {testimonial.quote_ar}
      </p>
      <div className="d-flex flex-wrap align-items-center gap-2">
        <button type="button" className="btn btn-outline-secondary btn-sm" onClick={onEdit}>
          {t('admin.testimonials.editNamed', { name })}
        </button>
        <button
          type="button"
          className="btn btn-outline-primary btn-sm"
          disabled={save.isPending}
          onClick={() => void togglePublished()}
        >
          {t(testimonial.published ? 'admin.testimonials.unpublishNamed' : 'admin.testimonials.publishNamed', {
            name,
          })}
        </button>
        <TestimonialMoves id={testimonial.id} name={name} first={first} last={last} />
        <TestimonialPhoto testimonial={testimonial} name={name} />
      </div>
      {editing && <TestimonialForm testimonial={testimonial} position={testimonial.position} onDone={onDone} />}
    </li>
  );
}
