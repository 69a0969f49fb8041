import { zodResolver } from '@hookform/resolvers/zod';
import {
  helpQuestionEditSchema,
  helpTopicEditSchema,
  type AdminHelpQuestion,
  type AdminHelpTopic,
  type HelpQuestionEdit,
  type HelpTopicEdit,
} from '@marketplace/contracts/help';
import { useId, useState } from 'react';
import { useForm, type Path } from 'react-hook-form';
import { z } from 'zod/mini';
import { TextField } from '../../../components/text-field';
import { applyServerErrors } from '../../../lib/form-errors';
import { useI18n } from '../../../lib/i18n/i18n-store';
import { notify } from '../../../lib/toasts/notify';
import { LanguagePair } from '../language-pair';
import { FormEnd } from './form-end';
import { useSaveQuestion, useSaveTopic } from './help-api';

/** Add or edit a FAQ topic (its name in both languages and its place), in place on /admin/help. */
export function TopicForm({
  topic,
  position,
  onDone,
}: {
  topic?: AdminHelpTopic;
  position: number;
  onDone: () => void;
}) {
  const { t } = useI18n();
  const id = useId();
  const save = useSaveTopic(topic?.id);
  const [formError, setFormError] = useState<string>();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<HelpTopicEdit, unknown, z.output<typeof helpTopicEditSchema>>({
    resolver: zodResolver(helpTopicEditSchema),
    defaultValues: { name: topic?.name ?? '', name_ar: topic?.name_ar ?? '', position },
  });
  const onSubmit = handleSubmit(async (values) => {
    setFormError(undefined);
    try {
      await save.mutateAsync(values);
      notify.success(t('admin.help.saved'));
      onDone();
    } catch (error) {
      setFormError(applyServerErrors(error, setError, ['name', 'name_ar', 'position']));
    }
  });
  return (
    <form className="card card-body my-2" onSubmit={(event) => void onSubmit(event)} noValidate aria-labelledby={id}>
      <h3 id={id} className="h6">
        {topic ? t('admin.help.editTopic') : t('admin.help.newTopic')}
      </h3>
      <LanguagePair
        labels={[t('admin.help.field.nameEn'), t('admin.help.field.nameAr')]}
        registrations={[register('name'), register('name_ar')]}
        errors={[errors.name, errors.name_ar]}
      />
      <TextField
        label={t('admin.field.position')}
        type="number"
        registration={register('position', { valueAsNumber: true })}
        error={errors.position}
        required
      />
      <FormEnd pending={save.isPending} error={formError} onCancel={onDone} />
    </form>
  );
}

const QUESTION_FIELDS: Path<HelpQuestionEdit>[] = [
  'topic_id',
  'question',
  'question_ar',
  'answer',
  'answer_ar',
  'position',
  'published',
];

/** Add or edit a FAQ question: its topic, question and answer in both languages, place and publishing. */
export function QuestionForm({
  topics,
  question,
  onDone,
}: {
  topics: readonly AdminHelpTopic[];
  question?: AdminHelpQuestion;
  onDone: () => void;
}) {
  const { t, text, locale } = useI18n();
  const id = useId();
  const save = useSaveQuestion(question?.id);
  const [formError, setFormError] = useState<string>();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<HelpQuestionEdit, unknown, z.output<typeof helpQuestionEditSchema>>({
    resolver: zodResolver(helpQuestionEditSchema),
    defaultValues: question
      ? {
          topic_id: question.topic_id,
          question: question.question,
          question_ar: question.question_ar,
          answer: question.answer,
          answer_ar: question.answer_ar,
          position: question.position,
          published: question.published,
        }
      : {
          topic_id: topics[0]?.id ?? 0,
          question: '',
          question_ar: '',
          answer: '',
          answer_ar: '',
          position: 1,
          published: true,
        },
  });
  const onSubmit = handleSubmit(async (values) => {
    setFormError(undefined);
    try {
      await save.mutateAsync(values);
      notify.success(t('admin.help.saved'));
      onDone();
    } catch (error) {
      setFormError(applyServerErrors(error, setError, QUESTION_FIELDS));
    }
  });
  return (
    <form className="card card-body my-2" onSubmit={(event) => void onSubmit(event)} noValidate aria-labelledby={id}>
      <h3 id={id} className="h6">
        {question ? t('admin.help.editQuestion') : t('admin.help.newQuestion')}
      </h3>
      <div className="mb-3">
        <label htmlFor={`${id}-topic`} className="form-label">
          {t('admin.help.topic')}
        </label>
        <select
          id={`${id}-topic`}
          className="form-select"
          {...register('topic_id', { valueAsNumber: true })}
          aria-invalid={errors.topic_id ? true : undefined}
          aria-describedby={errors.topic_id ? `${id}-topic-error` : undefined}
        >
          {topics.map((topic) => (
            <option key={topic.id} value={topic.id}>
              {locale === 'ar' ? topic.name_ar : topic.name}
            </option>
          ))}
        </select>
        {errors.topic_id?.message && (
          <div id={`${id}-topic-error`} className="invalid-feedback d-block">
            {text(errors.topic_id.message)}
          </div>
        )}
      </div>
      <LanguagePair
        labels={[t('admin.help.field.questionEn'), t('admin.help.field.questionAr')]}
        registrations={[register('question'), register('question_ar')]}
        errors={[errors.question, errors.question_ar]}
      />
      <LanguagePair
        labels={[t('admin.help.field.answerEn'), t('admin.help.field.answerAr')]}
        registrations={[register('answer'), register('answer_ar')]}
        errors={[errors.answer, errors.answer_ar]}
        area={{ hint: t('admin.help.markdownHint') }}
      />
      <TextField
        label={t('admin.field.position')}
        type="number"
        registration={register('position', { valueAsNumber: true })}
        error={errors.position}
        required
      />
      <div className="form-check mb-3">
        <input id={`${id}-published`} type="checkbox" className="form-check-input" {...register('published')} />
        <label htmlFor={`${id}-published`} className="form-check-label">
          {t('admin.help.published')}
        </label>
      </div>
      <FormEnd pending={save.isPending} error={formError} onCancel={onDone} />
    </form>
  );
}
