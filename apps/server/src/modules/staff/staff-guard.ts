import { API_MESSAGES, message } from '@marketplace/contracts';
import {
  SECOND_FACTOR_MAX_AGE_MS,
  staffMay,
  type SecondFactorState,
  type StaffAction,
  type StaffRole,
} from '@marketplace/contracts/staff';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../../plugins/errors';
import type { StaffRepository, StaffStanding } from './staff-repository';

/** The staff member at the desk, once a back-office route's guard has let them in. */
export interface StaffAtDesk {
  userId: number;
  role: StaffRole;
  name: string;
  email: string;
  secondFactor: SecondFactorState;
  secondFactorUntil: number | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    staff: StaffAtDesk | null;
  }
}

export function secondFactorState(standing: StaffStanding, now: number): SecondFactorState {
  if (!standing.secondFactorConfirmed) return 'setup_required';
  const passed = standing.secondFactorAt?.getTime();
  return passed !== undefined && now - passed < SECOND_FACTOR_MAX_AGE_MS ? 'passed' : 'required';
}

/**
 * Whether `sessionId` is a staff member's that passed the second factor in the last 12 hours: what
 * every back-office route but the second factor's own asks, and the staff channel too.
 */
export async function atTheDesk(
  repository: StaffRepository,
  userId: number,
  sessionId: string,
  now = Date.now(),
): Promise<boolean> {
  const standing = await repository.standing(userId, sessionId);
  return standing !== undefined && secondFactorState(standing, now) === 'passed';
}

export interface GuardOptions {
  /** The action the route performs; none: any staff member (their own session, their second factor). */
  action?: StaffAction;
  /** false for the second factor's own routes: they are how a session passes it. */
  secondFactor?: boolean;
}

/**
 * A back-office route's onRequest hook. Anyone without a staff role — visitors included — gets the
 * site's own 404, as for an address that does not exist; staff whose session has not passed the
 * second factor in the last 12 hours get 403 with `second_factor` telling the page what to ask;
 * staff whose role does not allow the action get 403. Before the body is read or the CSRF token
 * checked, so nothing about the route leaks to someone it does not exist for.
 */
export function staffGuard(repository: StaffRepository) {
  return (options: GuardOptions = {}) =>
    async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> => {
      const { user, session } = request;
      const standing = user && session ? await repository.standing(user.id, session.id) : undefined;
      if (!user || !standing) {
        reply.callNotFound();
        return reply;
      }
      const now = Date.now();
      const secondFactor = secondFactorState(standing, now);
      request.staff = {
        userId: user.id,
        role: standing.role,
        name: standing.name,
        email: standing.email,
        secondFactor,
        secondFactorUntil:
          secondFactor === 'passed' && standing.secondFactorAt
            ? standing.secondFactorAt.getTime() + SECOND_FACTOR_MAX_AGE_MS
            : null,
      };
      if (options.secondFactor !== false && secondFactor !== 'passed') {
        throw new HttpError(403, message('admin.api.secondFactorRequired'), {
          details: { second_factor: secondFactor },
        });
      }
      if (options.action && !staffMay(standing.role, options.action)) {
        throw new HttpError(403, message(API_MESSAGES.forbidden));
      }
      return undefined;
    };
}
