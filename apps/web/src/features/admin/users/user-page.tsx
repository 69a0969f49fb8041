import {
  ADMIN_USER_LISTS,
  type AdminUser,
  type AdminUserList,
  type AdminUserListing,
  type AdminUserListRows,
  type AdminUserReport,
  type AdminUserSession,
} from '@marketplace/contracts/staff';
import { Fragment, useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { ConfirmPanel } from '../../../components/confirm-panel';
import { LoadFailed, Loading } from '../../../components/list-states';
import { NotFoundPage } from '../../../components/not-found-page';
import { usePageTitle } from '../../../hooks/use-page-title';
import { useCatalogueFormat } from '../../../lib/format';
import { apiError, isHttpError } from '../../../lib/http';
import { useI18n } from '../../../lib/i18n/i18n-store';
import { pageLinks } from '../../../lib/paths';
import { notify } from '../../../lib/toasts/notify';
import { useStaffMay } from '../api/staff-session';
import { outcomeWords, reportReasonWords, TARGET_TYPE_NAMES } from '../moderation/moderation-words';
import { ROLE_LABELS } from '../staff-nav';
import { staffPaths } from '../staff-paths';
import { useAdminUser, useEndSessions, useResendVerification } from './api/users';
import { ACCOUNT_TYPE_NAMES, DEVICE_NAMES, iso, LISTING_STATUS_NAMES, suspensionWords } from './user-words';
import { ListSection, ListTable } from './section';
import { Orders } from './user-orders';
import './users.css';

/**
 * /admin/users/:id (issue 29): everything support needs to answer a person, on one page: profile and
 * role, suspension (read-only: moderation acts on it), listings, orders on both sides, reports made
 * and against, live sessions, each list with its total and 20 rows at a time ("Show more"); and, for
 * roles with users.support, a new verification e-mail and signing them out everywhere.
 */
export function UserPage() {
  const { t } = useI18n();
  const id = Number(useParams().id);
  const user = useAdminUser(id);
  const name = user.data ? displayName(user.data, t('admin.users.deletedName')) : undefined;
  usePageTitle(name ?? t('admin.users.title'));

  if (user.isError) {
    if (isHttpError(user.error, 404)) return <NotFoundPage />;
    return <LoadFailed message={t('admin.users.userLoadFailed')} onRetry={() => void user.refetch()} />;
  }
  if (user.isPending) return <Loading />;
  const { profile } = user.data;
  return (
    <article className="staff-user" aria-labelledby="user-title">
      <p className="mb-1">
        <Link to={staffPaths.users}>{t('admin.users.backToSearch')}</Link>
      </p>
      <h1 id="user-title" className="h3 text-break" dir="auto" data-user-content="">
        {name}
      </h1>
      <Profile user={user.data} />
      <SupportActions user={user.data} />
      {ADMIN_USER_LISTS.map((list) => (
        <UserList key={list} user={user.data} asOf={user.dataUpdatedAt} list={list} />
      ))}
      <p className="small text-body-secondary">
        <bdi>{t('admin.users.idLine', { id: profile.id })}</bdi>
      </p>
    </article>
  );
}

const displayName = (user: AdminUser, deleted: string) =>
  `${user.profile.first_name} ${user.profile.last_name}`.trim() || deleted;

function Profile({ user }: { user: AdminUser }) {
  const i18n = useI18n();
  const { t } = i18n;
  const format = useCatalogueFormat();
  const { profile } = user;
  const mayModerate = useStaffMay('reports.view');
  const row = (label: string, value: ReactNode) => (
    <>
      <dt className="col-sm-4 col-lg-3">{label}</dt>
      <dd className="col-sm-8 col-lg-9 text-break">{value}</dd>
    </>
  );
  const standing =
    profile.deleted_at !== null
      ? t('admin.users.deletedOn', { date: format.date(iso(profile.deleted_at)) })
      : profile.suspension
        ? suspensionWords(i18n, format, profile.suspension)
        : t('admin.users.notSuspended');
  return (
    <section className="staff-user-section" aria-label={t('admin.users.profileLabel')}>
      <dl className="row mb-2">
        {row(t('admin.users.column.email'), <bdi>{profile.email}</bdi>)}
        {row(t('admin.users.column.type'), t(ACCOUNT_TYPE_NAMES[profile.account_type]))}
        {profile.company &&
          row(
            t('admin.users.company'),
            <bdi>
              {profile.company.web ? `${profile.company.name} (${profile.company.web})` : profile.company.name}
            </bdi>,
          )}
        {row(t('admin.users.column.joined'), format.date(iso(profile.joined_at)))}
        {row(
          t('admin.users.column.verified'),
          profile.verified_at === null
            ? t('admin.users.notVerified')
            : t('admin.users.verifiedOn', { date: format.date(iso(profile.verified_at)) }),
        )}
        {row(
          t('admin.users.language'),
          profile.locale === 'ar'
            ? t('admin.users.language.ar')
            : profile.locale === 'en'
              ? t('admin.users.language.en')
              : t('admin.users.language.none'),
        )}
        {row(t('admin.users.column.role'), profile.role ? t(ROLE_LABELS[profile.role]) : t('admin.users.noRole'))}
        {row(t('admin.users.column.standing'), standing)}
      </dl>
      {mayModerate && profile.deleted_at === null && (
        <Link to={staffPaths.moderationTarget('user', profile.id)} className="btn btn-outline-secondary btn-sm">
          {t('admin.users.moderate')}
        </Link>
      )}
    </section>
  );
}

/** The support actions, for roles that have them; the server refuses them to the others anyway. */
function SupportActions({ user }: { user: AdminUser }) {
  const { t } = useI18n();
  const maySupport = useStaffMay('users.support');
  const resend = useResendVerification(user.profile.id);
  const endSessions = useEndSessions(user.profile.id);
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<string>();
  if (!maySupport || user.profile.deleted_at !== null) return null;
  const refused = (error: unknown) => setFailure(apiError(error)?.body.message ?? t('shell.serverUnreachable'));

  return (
    <section className="staff-user-section" aria-labelledby="support-actions">
      <h2 id="support-actions" className="h5">
        {t('admin.users.supportTitle')}
      </h2>
      {failure && (
        <div className="alert alert-danger" role="alert">
          {failure}
        </div>
      )}
      <div className="d-flex flex-wrap gap-2">
        {user.profile.verified_at === null && (
          <button
            type="button"
            className="btn btn-outline-primary btn-sm"
            disabled={resend.isPending}
            aria-busy={resend.isPending || undefined}
            onClick={() => {
              setFailure(undefined);
              resend.mutate(undefined, {
                onSuccess: () => notify.success(t('admin.users.verificationSent', { email: user.profile.email })),
                onError: refused,
              });
            }}
          >
            {t('admin.users.resendVerification')}
          </button>
        )}
        <button
          type="button"
          className="btn btn-outline-danger btn-sm"
          disabled={endSessions.isPending || confirming}
          onClick={() => setConfirming(true)}
        >
          {t('admin.users.endSessions')}
        </button>
      </div>
      {confirming && (
        <ConfirmPanel
          title={t('admin.users.endSessionsConfirmTitle')}
          text={t('admin.users.endSessionsConfirmText', { count: user.sessions.total })}
          confirmLabel={t('admin.users.endSessions')}
          cancelLabel={t('admin.users.cancel')}
          busy={endSessions.isPending}
          onConfirm={() => {
            setFailure(undefined);
            endSessions.mutate(undefined, {
              onSuccess: ({ signed_out }) => {
                setConfirming(false);
                notify.success(t('admin.users.sessionsEnded', { count: signed_out }));
              },
              onError: (error) => {
                setConfirming(false);
                refused(error);
              },
            });
          }}
          onCancel={() => setConfirming(false)}
        />
      )}
    </section>
  );
}

/** How each list of the page draws its rows. */
const DRAW: { [L in AdminUserList]: (rows: AdminUserListRows[L][], total: number, user: AdminUser) => ReactNode } = {
  listings: (rows, total, user) => <Listings listings={rows} total={total} sellerId={user.profile.id} />,
  purchases: (rows) => <Orders orders={rows} side="purchases" />,
  sales: (rows) => <Orders orders={rows} side="sales" />,
  conversation_reports: (rows) => <Reports reports={rows} />,
  reports_made: (rows) => <Reports reports={rows} />,
  reports_against: (rows) => <Reports reports={rows} />,
  sessions: (rows) => <Sessions sessions={rows} />,
};

/** One list, in its section with its total and "Show more" (section.tsx). */
function UserList({ user, asOf, list }: { user: AdminUser; asOf: number; list: AdminUserList }) {
  // DRAW[list] draws the rows of `list`, the only rows ListSection gives it.
  const draw = DRAW[list] as (rows: AdminUserListRows[AdminUserList][], total: number, user: AdminUser) => ReactNode;
  return (
    <ListSection user={user} asOf={asOf} list={list}>
      {(rows, total) => draw(rows, total, user)}
    </ListSection>
  );
}

function Listings({ listings, total, sellerId }: { listings: AdminUserListing[]; total: number; sellerId: number }) {
  const { t } = useI18n();
  const format = useCatalogueFormat();
  return (
    <>
      <ListTable
        columns={[
          t('admin.users.column.title'),
          t('admin.users.column.state'),
          t('admin.users.column.price'),
          t('admin.users.column.created'),
        ]}
      >
        {listings.map((listing) => (
          <tr key={listing.id}>
            <td className="text-break" dir="auto" data-user-content="">
              {listing.slug === null ? (
                listing.title || t('admin.users.untitled')
              ) : (
                <Link to={pageLinks.listing(listing.id, listing.slug)}>{listing.title}</Link>
              )}
            </td>
            <td>{t(LISTING_STATUS_NAMES[listing.status])}</td>
            <td>{listing.price_fils === null ? '—' : format.price(listing.price_fils, listing.price_period)}</td>
            <td>{format.date(iso(listing.created_at))}</td>
          </tr>
        ))}
      </ListTable>
      <p>
        <Link to={`${staffPaths.listings}?seller=${sellerId}`}>{t('admin.users.allListings', { count: total })}</Link>
      </p>
    </>
  );
}

function Reports({ reports }: { reports: AdminUserReport[] }) {
  const i18n = useI18n();
  const { t } = i18n;
  const format = useCatalogueFormat();
  return (
    <ListTable
      columns={[
        t('admin.users.column.about'),
        t('admin.users.column.reporter'),
        t('admin.users.column.reason'),
        t('admin.users.column.reported'),
        t('admin.users.column.outcome'),
      ]}
    >
      {reports.map((report) => {
        const reason = reportReasonWords(i18n, report.kind, report.reason);
        return (
          <tr key={`${report.kind}-${report.id}`}>
            <td className="text-break">
              <span className="badge text-bg-secondary me-1">{t(TARGET_TYPE_NAMES[report.kind])}</span>
              <Link to={staffPaths.moderationTarget(report.kind, report.target_id)} dir="auto" data-user-content="">
                {report.target || t('admin.users.untitled')}
              </Link>
            </td>
            <td className="text-break" dir="auto" data-user-content="">
              {report.reporter ? (
                <Link to={staffPaths.user(report.reporter.id)}>
                  {report.reporter.name || t('admin.users.deletedName')}
                </Link>
              ) : (
                t('admin.users.deletedName')
              )}
            </td>
            <td className="text-break" dir={reason ? undefined : 'auto'}>
              {reason ?? report.reason}
            </td>
            <td>{format.date(iso(report.created_at))}</td>
            <td>{report.outcome ? outcomeWords(i18n, report.outcome) : t('admin.users.reportOpen')}</td>
          </tr>
        );
      })}
    </ListTable>
  );
}

function Sessions({ sessions }: { sessions: AdminUserSession[] }) {
  const { t } = useI18n();
  const format = useCatalogueFormat();
  return (
    <ul className="list-group">
      {sessions.map((session, index) => (
        <li key={`${index}-${session.signed_in_at}`} className="list-group-item">
          <span className="fw-semibold">
            {t(DEVICE_NAMES[session.device])}
            {/* The browser and the system are named in English, as their makers name them. */}
            {[session.browser, session.os].filter(Boolean).map((name, part) => (
              <Fragment key={part}>
                {' · '}
                <bdi lang="en">{name}</bdi>
              </Fragment>
            ))}
          </span>
          <div className="small text-body-secondary">
            {t('admin.users.sessionTimes', {
              signedIn: format.dateTime(iso(session.signed_in_at)),
              active: format.dateTime(iso(session.last_active_at)),
            })}
          </div>
        </li>
      ))}
    </ul>
  );
}
