import { zodResolver } from '@hookform/resolvers/zod';
import {
  NEWSLETTER_ISSUE_LIMITS,
  newsletterIssueEditSchema,
  type AdminNewsletterIssue,
  type NewsletterIssueEdit,
} from '@marketplace/contracts/newsletter';
import { useId, useState } from 'react';
import { Controller, useForm, type Path } from 'react-hook-form';
import { z } from 'zod/mini';
import { applyServerErrors } from '../../../lib/form-errors';
import { useI18n } from '../../../lib/i18n/i18n-store';
import { notify } from '../../../lib/toasts/notify';
import { FormEnd } from '../help/form-end';
import { LanguagePair } from '../language-pair';
import { ListingPicker } from './listing-picker';
import { useSaveIssue } from './newsletter-api';

const FIELDS: Path<NewsletterIssueEdit>[] = ['subject', 'subject_ar', 'body', 'body_ar', 'listing_ids'];

/** A new issue, or a draft's words: subject and Markdown text in both languages, and its listings. */
export function IssueForm({ issue, onDone }: { issue?: AdminNewsletterIssue; onDone: (id: number) => void }) {
  const { t, text } = useI18n();
  const id = useId();
  const save = useSaveIssue(issue?.id);
  const [formError, setFormError] = useState<string>();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<NewsletterIssueEdit, unknown, z.output<typeof newsletterIssueEditSchema>>({
    resolver: zodResolver(newsletterIssueEditSchema),
    defaultValues: {
      subject: issue?.subject ?? '',
      subject_ar: issue?.subject_ar ?? '',
      body: issue?.body ?? '',
      body_ar: issue?.body_ar ?? '',
      listing_ids: issue?.listing_ids ?? [],
    },
  });
  const onSubmit = handleSubmit(async (values) => {
    setFormError(undefined);
    try {
      const saved = await save.mutateAsync(values);
      notify.success(t('admin.newsletter.saved'));
      onDone(saved.id);
    } catch (error) {
      setFormError(applyServerErrors(error, setError, FIELDS));
    }
  });
  return (
    <form className="card card-body my-2" onSubmit={(event) => void onSubmit(event)} noValidate aria-labelledby={id}>
      <h2 id={id} className="h5">
        {issue ? t('admin.newsletter.editTitle') : t('admin.newsletter.new')}
      </h2>
      <LanguagePair
        labels={[t('admin.newsletter.field.subjectEn'), t('admin.newsletter.field.subjectAr')]}
        registrations={[register('subject'), register('subject_ar')]}
        errors={[errors.subject, errors.subject_ar]}
        maxLength={NEWSLETTER_ISSUE_LIMITS.subjectMax}
      />
      <LanguagePair
        labels={[t('admin.newsletter.field.bodyEn'), t('admin.newsletter.field.bodyAr')]}
        registrations={[register('body'), register('body_ar')]}
        errors={[errors.body, errors.body_ar]}
        area={{ rows: 10, hint: t('admin.help.markdownHint') }}
      />
      <Controller
        control={control}
        name="listing_ids"
        render={({ field }) => (
          <ListingPicker value={field.value} onChange={field.onChange} max={NEWSLETTER_ISSUE_LIMITS.listingsMax} />
        )}
      />
      {errors.listing_ids?.message && <p className="text-danger">{text(errors.listing_ids.message)}</p>}
      <FormEnd pending={save.isPending} error={formError} {...(issue && { onCancel: () => onDone(issue.id) })} />
    </form>
  );
}
