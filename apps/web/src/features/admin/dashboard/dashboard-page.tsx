import type { Dashboard, DashboardDay } from '@marketplace/contracts/staff';
import type { MessageKey } from '@marketplace/contracts/i18n';
import { useId } from 'react';
import { LoadFailed, Loading } from '../../../components/list-states';
import { usePageTitle } from '../../../hooks/use-page-title';
import { useI18n } from '../../../lib/i18n/i18n-store';
import { useStaffMay } from '../api/staff-session';
import { useDashboard } from './api/get-dashboard';
import { BarChart, niceDuration } from './bar-chart';
import { useDashboardFormat, type DashboardFormat } from './dashboard-format';
import './dashboard.css';

type Figure = Exclude<keyof DashboardDay, 'day'>;

/** The figures, in the order the page shows them: each a chart, a column of the table, a total. */
const FIGURES: readonly {
  key: Figure;
  label: MessageKey;
  /** The total's label, where it is not the sum of the column. */
  totalLabel?: MessageKey;
  kind: 'count' | 'money' | 'duration';
}[] = [
  { key: 'new_users', label: 'admin.dashboard.newUsers', kind: 'count' },
  { key: 'listings_published', label: 'admin.dashboard.listingsPublished', kind: 'count' },
  { key: 'orders_completed', label: 'admin.dashboard.ordersCompleted', kind: 'count' },
  { key: 'orders_value_fils', label: 'admin.dashboard.ordersValue', kind: 'money' },
  { key: 'reports_opened', label: 'admin.dashboard.reportsOpened', kind: 'count' },
  {
    key: 'open_reports',
    label: 'admin.dashboard.openReports',
    totalLabel: 'admin.dashboard.openReportsNow',
    kind: 'count',
  },
  { key: 'median_first_action_seconds', label: 'admin.dashboard.medianFirstAction', kind: 'duration' },
];

const full = (format: DashboardFormat, kind: (typeof FIGURES)[number]['kind'], value: number) =>
  kind === 'money' ? format.money(value) : kind === 'duration' ? format.duration(value) : format.count(value);

const axis = (format: DashboardFormat, kind: (typeof FIGURES)[number]['kind'], value: number) =>
  kind === 'money'
    ? format.compactMoney(value)
    : kind === 'duration'
      ? format.duration(value)
      : format.compactCount(value);

/**
 * /admin: the marketplace's last 30 days (issue 29), for staff whose role may 'dashboard.view'.
 * Totals first, then a chart per figure, then the same numbers as a table: the table is what a
 * screen reader reads, the charts are hidden from it.
 */
export function DashboardPage() {
  const { t } = useI18n();
  usePageTitle(t('admin.dashboard.title'));
  // /admin is where every member lands; a role without the dashboard is sent on to its sections.
  const allowed = useStaffMay('dashboard.view');
  const dashboard = useDashboard(allowed);

  return (
    <div className="dashboard-page">
      <h1 className="h3 mb-2">{t('admin.dashboard.title')}</h1>
      {!allowed ? (
        <p>{t('admin.dashboard.notAllowed')}</p>
      ) : dashboard.isPending ? (
        <Loading />
      ) : dashboard.isError ? (
        <LoadFailed message={t('admin.dashboard.loadFailed')} onRetry={() => void dashboard.refetch()} />
      ) : (
        <DashboardFigures dashboard={dashboard.data} />
      )}
    </div>
  );
}

function DashboardFigures({ dashboard }: { dashboard: Dashboard }) {
  const { t } = useI18n();
  const format = useDashboardFormat();
  const id = useId();
  const { days, totals } = dashboard;
  const first = days[0]?.day ?? '';
  const today = days.at(-1)?.day ?? '';
  const cell = (kind: (typeof FIGURES)[number]['kind'], value: number | null) =>
    value === null ? t('admin.dashboard.noneActedOn') : full(format, kind, value);

  return (
    <>
      <p className="text-body-secondary">{t('admin.dashboard.intro', { time: format.moment(dashboard.as_of) })}</p>

      <section aria-labelledby={`${id}-totals`} className="mb-4">
        <h2 id={`${id}-totals`} className="h5">
          {t('admin.dashboard.totals')}
        </h2>
        <dl className="dashboard-totals">
          {FIGURES.map(({ key, label, totalLabel, kind }) => (
            <div key={key} className="dashboard-total">
              <dt>{t(totalLabel ?? label)}</dt>
              {/* A long sum may wrap between the currency and the number, never inside the number. */}
              <dd>{cell(kind, totals[key]).replaceAll('\u00a0', ' ')}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section aria-labelledby={`${id}-charts`} className="mb-4">
        <h2 id={`${id}-charts`} className="h5">
          {t('admin.dashboard.charts')}
        </h2>
        <p className="small text-body-secondary">{t('admin.dashboard.chartsNote')}</p>
        <div className="dashboard-charts">
          {FIGURES.map(({ key, label, kind }) => (
            <div key={key} className="dashboard-chart-box">
              <p className="dashboard-chart-title">{t(label)}</p>
              <BarChart
                values={days.map((day) => day[key])}
                firstLabel={format.day(first, true)}
                lastLabel={format.day(today, true)}
                formatAxis={(value) => axis(format, kind, value)}
                {...(kind === 'duration' && { ceiling: niceDuration })}
              />
            </div>
          ))}
        </div>
      </section>

      <section>
        <h2 id={`${id}-table`} className="h5">
          {t('admin.dashboard.table')}
        </h2>
        {/* Scrolls sideways inside the screen on a phone: focusable, so a keyboard can scroll it. */}
        <div className="staff-table-wrap" role="region" aria-labelledby={`${id}-table`} tabIndex={0}>
          <table className="table table-sm table-striped dashboard-table">
            <thead>
              <tr>
                <th scope="col">{t('admin.dashboard.day')}</th>
                {FIGURES.map(({ key, label }) => (
                  <th key={key} scope="col">
                    {t(label)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {[...days].reverse().map((day) => (
                <tr key={day.day}>
                  <th scope="row">
                    {day.day === today ? t('admin.dashboard.today', { day: format.day(day.day) }) : format.day(day.day)}
                  </th>
                  {FIGURES.map(({ key, kind }) => (
                    <td key={key}>{cell(kind, day[key])}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </>
  );
}
