import type { AdminHelpTopic } from '@marketplace/contracts/help';
import { useState } from 'react';
import { Link } from 'react-router';
import { LoadFailed, Loading } from '../../../components/list-states';
import { usePageTitle } from '../../../hooks/use-page-title';
import { useI18n } from '../../../lib/i18n/i18n-store';
import { staffPaths } from '../staff-paths';
import { QuestionForm, TopicForm } from './faq-forms';
import { useAdminFaq } from './help-api';

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
