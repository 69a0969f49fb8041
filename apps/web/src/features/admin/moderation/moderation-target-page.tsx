import { LISTING_STATUS_NAMES } from '@marketplace/contracts/catalogue-essentials';
import type { MessageKey } from '@marketplace/contracts/i18n';
import {
  moderationTargetTypes,
  type ModerationReport,
  type ModerationTarget,
  type ModerationTargetType,
} from '@marketplace/contracts/staff';
import { useId, useState } from 'react';
import { Link, useParams } from 'react-router';
import { LoadFailed, Loading } from '../../../components/list-states';
import { NotFoundPage } from '../../../components/not-found-page';
import { usePageTitle } from '../../../hooks/use-page-title';
import { useCatalogueFormat, type CatalogueFormat } from '../../../lib/format';
import { isHttpError } from '../../../lib/http';
import { useI18n, type I18n } from '../../../lib/i18n/i18n-store';
import { richText } from '../../../lib/i18n/rich-text';
import { useStaffMay } from '../api/staff-session';
import { staffPaths } from '../staff-paths';
import { UserText } from '../user-text';
import { useModerationTarget } from './api/moderation';
import { ModerationActionForm } from './moderation-action-form';
import {
  historyActionWords,
  moderationReasonWords,
  outcomeWords,
  reportReasonWords,
  TARGET_TYPE_NAMES,
} from './moderation-words';
import './moderation.css';

const USER_STATES: Readonly<Record<string, MessageKey>> = {
  active: 'admin.moderation.userState.active',
  suspended: 'admin.moderation.userState.suspended',
  deleted: 'admin.moderation.userState.deleted',
};

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * /admin/moderation/:type/:id (issue 29): one reported listing, conversation or person, with every
 * report about it (a conversation's with the messages as they were), what staff did so far, its
 * owner's other reports, and, for those whose role may act, the action form.
 */
export function ModerationTargetPage() {
  const params = useParams();
  const type = moderationTargetTypes.find((candidate) => candidate === params.type);
  const id = Number(params.id);
  if (!type || !Number.isSafeInteger(id) || id < 1) return <NotFoundPage />;
  return <TargetScreen key={`${type}-${id}`} type={type} id={id} />;
}

function TargetScreen({ type, id }: { type: ModerationTargetType; id: number }) {
  const i18n = useI18n();
  const { t } = i18n;
  const target = useModerationTarget(type, id);
  const mayAct = useStaffMay('reports.act');
  const [said, setSaid] = useState<string>();
  usePageTitle(target.data ? `${target.data.title} · ${t('admin.moderation.title')}` : t('admin.moderation.title'));

  if (target.isError) {
    if (isHttpError(target.error, 404)) return <NotFoundPage />;
    return <LoadFailed message={t('admin.moderation.targetLoadFailed')} onRetry={() => void target.refetch()} />;
  }
  if (!target.data) return <Loading />;
  const data = target.data;
  return (
    <article className="moderation-target" aria-labelledby="moderation-target-title">
      <header>
        <p className="mb-2">
          <Link to={staffPaths.moderation}>{t('admin.moderation.back')}</Link>
        </p>
        <p className="mb-1">
          <span className="badge text-bg-secondary">{t(TARGET_TYPE_NAMES[data.type])}</span>
        </p>
        <h1 id="moderation-target-title" className="h3 text-break" dir="auto" data-user-content="">
          {data.title}
        </h1>
      </header>
      <div role="status">{said && <div className="alert alert-success mb-0">{said}</div>}</div>
      <Summary target={data} i18n={i18n} />
      {data.actions.length > 0 && mayAct ? (
        <ModerationActionForm key={data.actions.join()} target={data} onDone={setSaid} />
      ) : (
        <p className="text-body-secondary mb-0">
          {t(mayAct ? 'admin.moderation.nothingToDo' : 'admin.moderation.readOnly')}
        </p>
      )}
      <Reports target={data} i18n={i18n} />
      <History target={data} i18n={i18n} />
      <OtherReports target={data} i18n={i18n} />
    </article>
  );
}

/** The target's state, its public page, and its owner with their suspension. */
function Summary({ target, i18n }: { target: ModerationTarget; i18n: I18n }) {
  const { t } = i18n;
  const format = useCatalogueFormat();
  const headingId = useId();
  const { owner } = target;
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="h5">
        {t('admin.moderation.summary')}
      </h2>
      <dl className="moderation-facts">
        <dt>{t('admin.moderation.state')}</dt>
        <dd>{stateWords(i18n, target)}</dd>
        {owner && (
          <>
            <dt>{t('admin.moderation.ownerHeading')}</dt>
            <dd>
              <UserText>{owner.name}</UserText>{' '}
              <span className="text-body-secondary" dir="ltr">
                &lt;{owner.email}&gt;
              </span>{' '}
              · <Link to={staffPaths.user(owner.id)}>{t('admin.moderation.ownerPage')}</Link>
              <br />
              {owner.suspended
                ? owner.suspended_until === null
                  ? t('admin.moderation.suspendedForGood', {
                      reason: moderationReasonWords(i18n, owner.suspension_reason ?? 'other'),
                    })
                  : t('admin.moderation.suspendedUntil', {
                      date: format.dateTime(iso(owner.suspended_until)),
                      reason: moderationReasonWords(i18n, owner.suspension_reason ?? 'other'),
                    })
                : t('admin.moderation.ownerActive')}
            </dd>
          </>
        )}
      </dl>
      {target.path && (
        <p className="mt-2 mb-0">
          <a href={target.path} target="_blank" rel="noreferrer">
            {t('admin.moderation.publicPage')}
          </a>
        </p>
      )}
    </section>
  );
}

function stateWords(i18n: I18n, target: ModerationTarget): string {
  const { t } = i18n;
  if (target.moderation_reason) {
    return t('admin.moderation.stateRemoved', { reason: moderationReasonWords(i18n, target.moderation_reason) });
  }
  const names: Readonly<Record<string, MessageKey>> = target.type === 'listing' ? LISTING_STATUS_NAMES : USER_STATES;
  return Object.hasOwn(names, target.state) ? t(names[target.state] as MessageKey) : target.state;
}

/** Every report, open ones and closed ones, newest first as the server sends them. */
function Reports({ target, i18n }: { target: ModerationTarget; i18n: I18n }) {
  const { t } = i18n;
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="h5">
        {t('admin.moderation.reportsHeading')}
      </h2>
      {target.reports.length === 0 ? (
        <p className="mb-0">{t('admin.moderation.noReports')}</p>
      ) : (
        <ul className="list-group" aria-labelledby={headingId}>
          {target.reports.map((report) => (
            <ReportItem key={report.id} type={target.type} report={report} i18n={i18n} />
          ))}
        </ul>
      )}
    </section>
  );
}

function ReportItem({ type, report, i18n }: { type: ModerationTargetType; report: ModerationReport; i18n: I18n }) {
  const { t } = i18n;
  const format = useCatalogueFormat();
  const words = reportReasonWords(i18n, type, report.reason);
  const reporter = report.reporter?.name ?? t('admin.moderation.deletedAccount');
  return (
    <li className="list-group-item">
      <p className="mb-1">
        {words ? (
          <bdi>
            {richText(t, 'admin.moderation.reportBy', {
              reason: words,
              name: report.reporter ? <UserText>{reporter}</UserText> : reporter,
            })}
          </bdi>
        ) : (
          // A conversation's reason is the reporter's own words.
          <>
            {report.reporter ? <UserText>{reporter}</UserText> : <bdi>{reporter}</bdi>}:{' '}
            <span className="moderation-user-text" dir="auto" data-user-content="">
              {report.reason}
            </span>
          </>
        )}
      </p>
      {report.details && (
        <p className="moderation-user-text mb-1" dir="auto" data-user-content="">
          {report.details}
        </p>
      )}
      <p className="small text-body-secondary mb-0">
        <time dateTime={iso(report.created_at)}>{format.dateTime(iso(report.created_at))}</time>
        {' · '}
        {report.resolved_at === null
          ? t('admin.moderation.reportOpen')
          : t('admin.moderation.reportResolved', {
              date: format.dateTime(iso(report.resolved_at)),
              outcome: outcomeWords(i18n, report.outcome ?? ''),
            })}
      </p>
      {report.messages && report.messages.length > 0 && (
        <ReportedMessages messages={report.messages} format={format} i18n={i18n} />
      )}
    </li>
  );
}

/** A conversation's messages as they were when it was reported: read-only, each one its sender's text. */
function ReportedMessages({
  messages,
  format,
  i18n: { t },
}: {
  messages: NonNullable<ModerationReport['messages']>;
  format: CatalogueFormat;
  i18n: I18n;
}) {
  const headingId = useId();
  return (
    <div className="mt-2">
      <p id={headingId} className="small fw-semibold mb-1">
        {t('admin.moderation.reportedMessages')}
      </p>
      <ol className="moderation-messages" aria-labelledby={headingId}>
        {messages.map((message) => (
          <li key={message.id} className="mb-2">
            <p className="small text-body-secondary mb-0">
              <bdi>
                {richText(t, 'admin.moderation.messageFrom', {
                  name: message.sender ? (
                    <UserText>{message.sender.name}</UserText>
                  ) : (
                    t('admin.moderation.deletedAccount')
                  ),
                  date: format.dateTime(iso(message.created_at)),
                })}
              </bdi>
            </p>
            <p className="moderation-user-text mb-0" dir="auto" data-user-content="">
              {message.body}
            </p>
          </li>
        ))}
      </ol>
    </div>
  );
}

/** What staff did about the target or its owner (the audit log's rows), newest first. */
function History({ target, i18n }: { target: ModerationTarget; i18n: I18n }) {
  const { t } = i18n;
  const format = useCatalogueFormat();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="h5">
        {t('admin.moderation.historyHeading')}
      </h2>
      {target.history.length === 0 ? (
        <p className="mb-0">{t('admin.moderation.noHistory')}</p>
      ) : (
        <ol className="list-group" aria-labelledby={headingId}>
          {target.history.map((entry) => (
            <li key={entry.id} className="list-group-item">
              <p className="mb-1">
                <bdi>
                  {richText(t, 'admin.moderation.historyEntry', {
                    actor: <UserText>{entry.actor}</UserText>,
                    action: historyActionWords(i18n, entry.action),
                  })}
                </bdi>
              </p>
              {entry.reason && (
                <p className="mb-1">
                  {t('admin.moderation.historyReason', { reason: moderationReasonWords(i18n, entry.reason) })}
                </p>
              )}
              {entry.note && (
                <p className="moderation-user-text mb-1">
                  {richText(t, 'admin.moderation.historyNote', { note: <UserText>{entry.note}</UserText> })}
                </p>
              )}
              <p className="small text-body-secondary mb-0">
                <time dateTime={iso(entry.created_at)}>{format.dateTime(iso(entry.created_at))}</time>
              </p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** The owner's other reported targets, each a link to its own screen. */
function OtherReports({ target, i18n }: { target: ModerationTarget; i18n: I18n }) {
  const { t } = i18n;
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="h5">
        {t('admin.moderation.otherHeading')}
      </h2>
      {target.owner_other_reports.length === 0 ? (
        <p className="mb-0">{t('admin.moderation.noOther')}</p>
      ) : (
        <ul className="list-group" aria-labelledby={headingId}>
          {target.owner_other_reports.map((other) => (
            <li key={`${other.type}-${other.id}`} className="list-group-item">
              <span className="badge text-bg-secondary me-2">{t(TARGET_TYPE_NAMES[other.type])}</span>
              <Link to={staffPaths.moderationTarget(other.type, other.id)} className="text-break">
                <UserText>{other.title}</UserText>
              </Link>{' '}
              <span className="small text-body-secondary">
                {t('admin.moderation.otherCounts', { open: other.open_reports, total: other.reports })}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
