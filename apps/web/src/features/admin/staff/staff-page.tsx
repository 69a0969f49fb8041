import { STAFF_ROLES, type StaffLookup, type StaffMember, type StaffRole } from '@marketplace/contracts/staff';
import { useId, useState } from 'react';
import { ConfirmPanel } from '../../../components/confirm-panel';
import { LoadFailed, Loading } from '../../../components/list-states';
import { usePageTitle } from '../../../hooks/use-page-title';
import { useCatalogueFormat } from '../../../lib/format';
import { apiError } from '../../../lib/http';
import { useI18n } from '../../../lib/i18n/i18n-store';
import { richText } from '../../../lib/i18n/rich-text';
import { notify } from '../../../lib/toasts/notify';
import { useStaff } from '../api/staff-session';
import { ROLE_LABELS } from '../staff-nav';
import { NamedControl, UserText } from '../user-text';
import {
  useGrantRole,
  useOwnRoleChange,
  useResetSecondFactor,
  useStaffLookup,
  useStaffMembers,
  useTakeRole,
} from './api/staff';

/** What the server said when it refused (its message is in the page's language), or that the call failed. */
function useRefusal() {
  const { t, text } = useI18n();
  return (error: unknown): string => {
    const body = apiError(error)?.body;
    const first = body?.errors ? Object.values(body.errors).flat()[0] : undefined;
    return first ? text(first) : body?.message ? text(body.message) : t('admin.staff.failed');
  };
}

/**
 * /admin/staff (admins): who holds which role; grant one to an account found by its e-mail address,
 * change it, take it away, or reset a lost second factor, each behind an "are you sure" where it
 * cannot be undone. The server keeps the last admin and says so.
 */
export function StaffPage() {
  const { t } = useI18n();
  usePageTitle(t('admin.staff.title'));
  const members = useStaffMembers();
  const [problem, setProblem] = useState<string>();

  return (
    <div className="staff-members">
      <h1 className="h3 mb-1">{t('admin.staff.title')}</h1>
      <p className="text-body-secondary">{t('admin.staff.intro')}</p>
      <GrantRoleForm />
      {problem && (
        <div className="alert alert-danger" role="alert">
          {problem}
        </div>
      )}
      {members.isError ? (
        <LoadFailed message={t('admin.staff.loadFailed')} onRetry={() => void members.refetch()} />
      ) : members.isPending ? (
        <Loading />
      ) : (
        <div className="staff-table-wrap">
          <table className="table align-middle staff-members-table" aria-label={t('admin.staff.listLabel')}>
            <thead>
              <tr>
                <th scope="col">{t('admin.staff.column.name')}</th>
                <th scope="col">{t('admin.staff.field.email')}</th>
                <th scope="col">{t('admin.staff.column.role')}</th>
                <th scope="col">{t('admin.staff.column.secondFactor')}</th>
                <th scope="col">{t('admin.staff.column.since')}</th>
                <th scope="col">{t('admin.staff.column.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {members.data.map((member) => (
                <MemberRows key={member.user_id} member={member} onProblem={setProblem} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

/** The three roles to choose from, each in the page's language. */
function RoleSelect({
  id,
  className,
  value,
  onChange,
}: {
  id: string;
  className: string;
  value: StaffRole;
  onChange: (role: StaffRole) => void;
}) {
  const { t } = useI18n();
  return (
    <select id={id} className={className} value={value} onChange={(event) => onChange(event.target.value as StaffRole)}>
      {STAFF_ROLES.map((option) => (
        <option key={option} value={option}>
          {t(ROLE_LABELS[option])}
        </option>
      ))}
    </select>
  );
}

type Confirming = 'remove' | 'reset' | undefined;

/** One member's row, and below it the "are you sure" of removing them or resetting their second factor. */
function MemberRows({ member, onProblem }: { member: StaffMember; onProblem: (problem: string | undefined) => void }) {
  const { t } = useI18n();
  const format = useCatalogueFormat();
  const me = useStaff().user.id;
  const refusal = useRefusal();
  const grant = useGrantRole(me);
  const take = useTakeRole(me);
  const ownRoleChange = useOwnRoleChange();
  const reset = useResetSecondFactor(me);
  const [role, setRole] = useState<StaffRole>(member.role);
  const [confirming, setConfirming] = useState<Confirming>();
  const roleId = useId();
  const name = member.name;
  const who = <UserText>{name}</UserText>;
  const failed = (error: unknown) => onProblem(refusal(error));

  const saveRole = () => {
    onProblem(undefined);
    grant.mutate(
      { userId: member.user_id, role },
      {
        onSuccess: () => {
          if (member.user_id === me) void ownRoleChange(role);
          else notify.success(t('admin.staff.granted', { name, role: t(ROLE_LABELS[role]) }));
        },
        onError: (error) => {
          setRole(member.role);
          failed(error);
        },
      },
    );
  };
  const confirmed = () => {
    onProblem(undefined);
    if (confirming === 'remove') {
      take.mutate(member.user_id, {
        onSuccess: () => {
          if (member.user_id === me) void ownRoleChange(null);
          else notify.success(t('admin.staff.removed', { name }));
        },
        onError: failed,
        onSettled: () => setConfirming(undefined),
      });
    } else {
      reset.mutate(member.user_id, {
        onSuccess: () => notify.success(t('admin.staff.resetDone', { name })),
        onError: failed,
        onSettled: () => setConfirming(undefined),
      });
    }
  };

  return (
    <>
      <tr>
        <td>
          {who}
          {member.user_id === me && <span className="badge text-bg-secondary ms-2">{t('admin.staff.you')}</span>}
        </td>
        <td dir="ltr" className="text-break">
          {member.email}
        </td>
        <td>
          <div className="d-flex gap-2 align-items-center">
            <label className="visually-hidden" htmlFor={roleId}>
              {richText(t, 'admin.staff.roleOf', { name: who })}
            </label>
            <RoleSelect id={roleId} className="form-select form-select-sm w-auto" value={role} onChange={setRole} />
            <button
              type="button"
              className="btn btn-sm btn-outline-primary text-nowrap"
              disabled={role === member.role || grant.isPending}
              onClick={saveRole}
            >
              <NamedControl name={richText(t, 'admin.staff.saveRoleOf', { name: who })}>
                {t('admin.staff.saveRole')}
              </NamedControl>
            </button>
          </div>
        </td>
        <td>
          <div>{member.second_factor ? t('admin.staff.secondFactorSet') : t('admin.staff.secondFactorPending')}</div>
          {member.second_factor && (
            <button type="button" className="btn btn-sm btn-link px-0" onClick={() => setConfirming('reset')}>
              <NamedControl name={richText(t, 'admin.staff.resetLabel', { name: who })}>
                {t('admin.staff.reset')}
              </NamedControl>
            </button>
          )}
        </td>
        <td className="text-nowrap">{format.date(new Date(member.since).toISOString())}</td>
        <td>
          <button type="button" className="btn btn-sm btn-outline-danger" onClick={() => setConfirming('remove')}>
            <NamedControl name={richText(t, 'admin.staff.removeLabel', { name: who })}>
              {t('admin.staff.remove')}
            </NamedControl>
          </button>
        </td>
      </tr>
      {confirming && (
        <tr>
          <td colSpan={6} className="border-0">
            <ConfirmPanel
              title={
                confirming === 'remove' ? t('admin.staff.removeTitle', { name }) : t('admin.staff.resetTitle', { name })
              }
              text={confirming === 'remove' ? t('admin.staff.removeText') : t('admin.staff.resetText')}
              confirmLabel={confirming === 'remove' ? t('admin.staff.remove') : t('admin.staff.reset')}
              cancelLabel={t('admin.staff.cancel')}
              busy={take.isPending || reset.isPending}
              onConfirm={confirmed}
              onCancel={() => setConfirming(undefined)}
            />
          </td>
        </tr>
      )}
    </>
  );
}

/** Grant a role: find the account by its e-mail address, see whose it is, choose the role, grant. */
function GrantRoleForm() {
  const { t } = useI18n();
  const { user, role: myRole } = useStaff();
  const me = user.id;
  const refusal = useRefusal();
  const lookup = useStaffLookup();
  const ownRoleChange = useOwnRoleChange();
  const grant = useGrantRole(me);
  const [email, setEmail] = useState('');
  const [found, setFound] = useState<StaffLookup>();
  const [role, setRole] = useState<StaffRole>('support');
  const [problem, setProblem] = useState<string>();
  const id = useId();

  const find = (event: React.SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    setProblem(undefined);
    setFound(undefined);
    lookup.mutate(email, {
      onSuccess: (account) => {
        setFound(account);
        setRole(account.role ?? 'support');
      },
      onError: (error) => setProblem(refusal(error)),
    });
  };
  const grantRole = (event: React.SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!found) return;
    setProblem(undefined);
    grant.mutate(
      { userId: found.user_id, role },
      {
        onSuccess: () => {
          if (found.user_id === me && role !== myRole) {
            void ownRoleChange(role);
            return;
          }
          notify.success(t('admin.staff.granted', { name: found.name, role: t(ROLE_LABELS[role]) }));
          setFound(undefined);
          setEmail('');
        },
        onError: (error) => setProblem(refusal(error)),
      },
    );
  };

  return (
    <section className="card card-body mb-4" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="h5">
        {t('admin.staff.grantTitle')}
      </h2>
      <p className="small text-body-secondary">{t('admin.staff.grantIntro')}</p>
      <form className="d-flex flex-wrap gap-2 align-items-end" onSubmit={find} noValidate>
        <div className="flex-grow-1">
          <label className="form-label" htmlFor={`${id}-email`}>
            {t('admin.staff.field.email')}
          </label>
          <input
            id={`${id}-email`}
            type="email"
            className={`form-control${problem && !found ? ' is-invalid' : ''}`}
            dir="ltr"
            autoComplete="off"
            maxLength={255}
            required
            value={email}
            aria-invalid={problem && !found ? true : undefined}
            aria-describedby={problem ? `${id}-problem` : undefined}
            onChange={(event) => {
              setEmail(event.target.value);
              setFound(undefined);
            }}
          />
        </div>
        <button type="submit" className="btn btn-outline-primary" disabled={lookup.isPending}>
          {t('admin.staff.find')}
        </button>
      </form>
      {problem && (
        <div id={`${id}-problem`} className="alert alert-danger mt-3 mb-0" role="alert">
          {problem}
        </div>
      )}
      {found && (
        <form className="mt-3 d-flex flex-wrap gap-2 align-items-end" onSubmit={grantRole}>
          <div className="flex-grow-1">
            {/* The account as its owner wrote it: their name and address. */}
            <p className="fw-semibold mb-0" dir="auto" data-user-content="">
              {t('admin.staff.found', { name: found.name, email: found.email })}
            </p>
            <p className="small text-body-secondary mb-2">
              {found.role
                ? t('admin.staff.foundRole', { role: t(ROLE_LABELS[found.role]) })
                : t('admin.staff.foundNoRole')}
            </p>
            <label className="form-label" htmlFor={`${id}-role`}>
              {t('admin.staff.field.role')}
            </label>
            <RoleSelect id={`${id}-role`} className="form-select w-auto" value={role} onChange={setRole} />
          </div>
          <button type="submit" className="btn btn-primary" disabled={grant.isPending}>
            {t('admin.staff.grant')}
          </button>
        </form>
      )}
    </section>
  );
}
