import { STAFF_ROUTES, type StaffLookup, type StaffMember, type StaffRole } from '@marketplace/contracts/staff';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../../lib/api-route';
import { staffSessionQueryKey } from '../../api/staff-session';

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

/** After a change the list is asked again, and the member's own session when the change was theirs. */
function useRefresh() {
  const queryClient = useQueryClient();
  return (userId: number, myId: number) => {
    void queryClient.invalidateQueries({ queryKey: staffMembersQueryKey });
    if (userId === myId) void queryClient.invalidateQueries({ queryKey: staffSessionQueryKey });
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

export function useResetSecondFactor(myId: number) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (userId: number) => callRoute(STAFF_ROUTES.resetSecondFactor, { params: { userId } }),
    onSuccess: (_, userId) => refresh(userId, myId),
  });
}
