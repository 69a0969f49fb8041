import { STAFF_ROUTES, type StaffLookup, type StaffMember, type StaffRole } from '@marketplace/contracts/staff';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { callRoute } from '../../../../lib/api-route';
import { useI18n } from '../../../../lib/i18n/i18n-store';
import { notify } from '../../../../lib/toasts/notify';
import { staffSessionQueryKey, type OwnRoleChanged } from '../../api/staff-session';
import { staffPaths } from '../../staff-paths';

export const staffMembersQueryKey = ['admin', 'staff'] as const;

/** Everyone who holds a role, longest first. */
export function useStaffMembers() {
  return useQuery({
    queryKey: staffMembersQueryKey,
    queryFn: async (): Promise<StaffMember[]> => (await callRoute(STAFF_ROUTES.staff)).data,
  });
}

/** The account with an e-mail address, and the role it holds (a 404 says there is none). */
export function useStaffLookup() {
  return useMutation({
    mutationFn: async (email: string): Promise<StaffLookup> =>
      (await callRoute(STAFF_ROUTES.lookup, { config: { params: { email } } })).data,
  });
}

/**
 * After a change the list is asked again. A change of one's own role is left to the page: the list
 * is an admin's, which the new role may no longer read (403), so the member moves on first
 * (useOwnRoleChange) rather than see it fail.
 */
function useRefresh() {
  const queryClient = useQueryClient();
  return (userId: number, myId: number) => {
    if (userId !== myId) void queryClient.invalidateQueries({ queryKey: staffMembersQueryKey });
  };
}

export function useGrantRole(myId: number) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ userId, role }: { userId: number; role: StaffRole }) =>
      callRoute(STAFF_ROUTES.grantRole, { params: { userId }, body: { role } }),
    onSuccess: (_, { userId }) => refresh(userId, myId),
  });
}

export function useTakeRole(myId: number) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (userId: number) => callRoute(STAFF_ROUTES.takeRole, { params: { userId } }),
    onSuccess: (_, userId) => refresh(userId, myId),
  });
}

/** A reset second factor: the list again, and one's own session when it was one's own (it asks for a new one). */
export function useResetSecondFactor(myId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => callRoute(STAFF_ROUTES.resetSecondFactor, { params: { userId } }),
    onSuccess: (_, userId) => {
      void queryClient.invalidateQueries({ queryKey: staffMembersQueryKey });
      if (userId === myId) void queryClient.invalidateQueries({ queryKey: staffSessionQueryKey });
    },
  });
}

/**
 * After the member changed their own role. The screen they are on is an admin's, which the new role
 * may not read (403), so they leave it. Still staff: they land on the dashboard, whose desk reads the
 * session again once it is drawn (OwnRoleChanged): the sections' bar then loses what the new role
 * may not use. No role left: the back-office is gone for them (its every call a 404), so they go to
 * the home page and its data is forgotten. Either way a toast says what happened.
 */
export function useOwnRoleChange() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { t } = useI18n();
  return async (role: StaffRole | null) => {
    if (role) {
      const state: OwnRoleChanged = { ownRoleChanged: role };
      await navigate(staffPaths.dashboard, { state });
      queryClient.removeQueries({ queryKey: staffMembersQueryKey });
    } else {
      await navigate('/');
      queryClient.removeQueries({ queryKey: ['admin'] });
      notify.success(t('admin.staff.ownRoleRemoved'));
    }
  };
}
