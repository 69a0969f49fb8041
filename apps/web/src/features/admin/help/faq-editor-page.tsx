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
import { Link } from 'react-router';
import { LoadFailed, Loading } from '../../../components/list-states';
import { TextField } from '../../../components/text-field';
import { usePageTitle } from '../../../hooks/use-page-title';
import { applyServerErrors } from '../../../lib/form-errors';
import { useI18n } from '../../../lib/i18n/i18n-store';
import { notify } from '../../../lib/toasts/notify';
import { LanguagePair } from '../language-pair';
import { staffPaths } from '../staff-paths';
import { useAdminFaq, useSaveQuestion, useSaveTopic } from './help-api';

type Editing = { kind: 'topic'; id?: number } | { kind: 'question'; id?: number; topicId?: number };

/**
 * /admin/help (issue 30, help.edit): the FAQ's topics and their questions in both languages, each
 * in its order, published or not, with its helpful counts; add or edit a topic or a question in place.
 * The help centre shows a saved change at once.
 */
export function FaqEditorPage() {
  const { t, locale } = useI18n();
  usePageTitle(t('admin.help.faqTitle'));
  const faq = useAdminFaq();
  const [editing, setEditing] = useState<Editing>();
  const close = () => setEditing(undefined);
  const name = (topic: AdminHelpTopic) => (locale === 'ar' ? topic.name_ar : topic.name);
  return (
    <section aria-labelledby="faq-title">
      <h1 id="faq-title" className="h3 mb-1">
        {t('admin.help.faqTitle')}
      </h1>
      <p className="text-body-secondary">
        {t('admin.help.faqIntro')} <Link to={staffPaths.helpPages}>{t('admin.help.pagesLink')}</Link>
      </p>
      {faq.isError ? (
        <LoadFailed message={t('admin.help.loadFailed')} onRetry={() => void faq.refetch()} />
      ) : faq.isPending ? (
        <Loading />
      ) : (
        <>
          <div className="d-flex flex-wrap gap-2 mb-3">
            <button type="button" className="btn btn-primary" onClick={() => setEditing({ kind: 'question' })}>
              {t('admin.help.newQuestion')}
            </button>
            <button type="button" className="btn btn-outline-primary" onClick={() => setEditing({ kind: 'topic' })}>
              {t('admin.help.newTopic')}
            </button>
          </div>
          {editing?.kind === 'question' && editing.id === undefined && (
            <QuestionForm topics={faq.data.topics} onDone={close} />
          )}
          {editing?.kind === 'topic' && editing.id === undefined && (
            <TopicForm position={faq.data.topics.length + 1} onDone={close} />
          )}
          {faq.data.topics.map((topic) => {
            const questions = faq.data.questions.filter((question) => question.topic_id === topic.id);
            return (
              <section key={topic.id} className="mb-4" aria-labelledby={`topic-${topic.id}`}>
                <div className="d-flex flex-wrap align-items-center gap-2">
                  <h2 id={`topic-${topic.id}`} className="h5 mb-0">
                    {topic.position}. {name(topic)}
                  </h2>
                  <button
                    type="button"
                    className="btn btn-link btn-sm"
                    onClick={() => setEditing({ kind: 'topic', id: topic.id })}
                  >
                    {t('admin.help.editNamed', { name: name(topic) })}
                  </button>
                </div>
                {editing?.kind === 'topic' && editing.id === topic.id && (
                  <TopicForm topic={topic} position={topic.position} onDone={close} />
                )}
                <ul className="list-unstyled">
                  {questions.map((question) => (
                    <li key={question.id} className="border-bottom py-2">
                      <div className="d-flex flex-wrap align-items-center gap-2">
                        <span>
                          {question.position}. {locale === 'ar' ? question.question_ar : question.question}
                        </span>
                        {!question.published && (
                          <span className="badge text-bg-secondary">{t('admin.help.unpublished')}</span>
                        )}
                        <span className="small text-body-secondary">
                          {t('admin.help.votes', { yes: question.helpful_yes, no: question.helpful_no })}
                        </span>
                        <button
                          type="button"
                          className="btn btn-link btn-sm"
                          onClick={() => setEditing({ kind: 'question', id: question.id })}
                        >
                          {t('admin.help.editNamed', {
                            name: locale === 'ar' ? question.question_ar : question.question,
                          })}
                        </button>
                      </div>
                      {editing?.kind === 'question' && editing.id === question.id && (
                        <QuestionForm topics={faq.data.topics} question={question} onDone={close} />
                      )}
                    </li>
                  ))}
                </ul>
              </section>
            );
          })}
        </>
      )}
    </section>
  );
}

function TopicForm({ topic, position, onDone }: { topic?: AdminHelpTopic; position: number; onDone: () => void }) {
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

function QuestionForm({
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

export function FormEnd({
  pending,
  error,
  onCancel,
}: {
  pending: boolean;
  error?: string | undefined;
  onCancel?: () => void;
}) {
  const { t } = useI18n();
  return (
    <>
      {error && (
        <p role="alert" className="text-danger">
          {error}
        </p>
      )}
      <div className="d-flex gap-2">
        <button type="submit" className="btn btn-primary" disabled={pending}>
          {t('admin.help.save')}
        </button>
        {onCancel && (
          <button type="button" className="btn btn-outline-secondary" onClick={onCancel}>
            {t('admin.help.cancel')}
          </button>
        )}
      </div>
    </>
  );
}
