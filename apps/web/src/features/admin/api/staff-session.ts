import { STAFF_ROUTES, type StaffAction, type StaffRole, type StaffSession } from '@marketplace/contracts/staff';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, useContext } from 'react';
import { callRoute } from '../../../lib/api-route';
import { apiError } from '../../../lib/http';

export const staffSessionQueryKey = ['admin', 'session'] as const;

/** Who is at the desk, their role and what it allows, and where their second factor stands. */
export function useStaffSession() {
  return useQuery({
    queryKey: staffSessionQueryKey,
    queryFn: () => callRoute(STAFF_ROUTES.session),
    retry: false,
    staleTime: 60_000,
  });
}

/** Whether a failed back-office call was refused for want of the second factor (the desk asks again). */
export const needsSecondFactor = (error: unknown): boolean => {
  const failure = apiError(error);
  return failure?.status === 403 && 'second_factor' in ((error as { data?: object }).data ?? {});
};

export function useSecondFactorSetup() {
  return useMutation({ mutationFn: () => callRoute(STAFF_ROUTES.secondFactorSetup) });
}

export function useSecondFactorConfirm() {
  return useMutation({
    mutationFn: (code: string) => callRoute(STAFF_ROUTES.secondFactorConfirm, { body: { code } }),
  });
}

export function useSecondFactorVerify() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => callRoute(STAFF_ROUTES.secondFactorVerify, { body: { code } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffSessionQueryKey }),
  });
}

/** The session of the staff member at the desk, for the pages under it (StaffDesk provides it). */
export const StaffSessionContext = createContext<StaffSession | undefined>(undefined);

export function useStaff(): StaffSession {
  const session = useContext(StaffSessionContext);
  if (!session) throw new Error('useStaff() is for pages inside the back-office');
  return session;
}

/** Whether the member's role allows `action` (the server refuses it otherwise; the page hides it). */
export function useStaffMay(action: StaffAction): boolean {
  return useStaff().actions.includes(action);
}

/**
 * The history state of the back-office's landing after the member changed their own role (the staff
 * screen's useOwnRoleChange): the role they hold now. The desk reads the session again once the
 * landing is drawn, so the sections and screens never meet the new role on the old screen.
 */
export interface OwnRoleChanged {
  ownRoleChanged: StaffRole;
}
