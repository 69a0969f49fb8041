import type { StaffAction } from '@marketplace/contracts/staff';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config';
import { appSecret } from '../notifications';
import { SecondFactors } from './second-factor';
import { staffGuard, type GuardOptions } from './staff-guard';
import { StaffRepository } from './staff-repository';

export interface StaffDesk {
  repository: StaffRepository;
  secondFactors: SecondFactors;
  /** A back-office route's onRequest hook (staff-guard.ts). */
  only: (options?: GuardOptions) => (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply | undefined>;
  /** Shorthand: staff whose role allows `action`, past their second factor. */
  may: (action: StaffAction) => (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply | undefined>;
  /** Whether the signed-in user holds a staff role (the page server sends staff the back-office's code). */
  isStaff: (request: FastifyRequest) => Promise<boolean>;
}

declare module 'fastify' {
  interface FastifyInstance {
    staffDesk: StaffDesk;
  }
}

/** The back-office's foundation (issue 29): who is staff, the guard every admin route uses, the second factor. */
export const staffDesk = fp(
  async (app: FastifyInstance, { config }: { config: Config }) => {
    const repository = new StaffRepository(app.db);
    const secondFactors = new SecondFactors(app.db, await appSecret(app.db, config.appKey));
    const only = staffGuard(repository);
    app.decorateRequest('staff', null);
    app.decorate('staffDesk', {
      repository,
      secondFactors,
      only,
      may: (action: StaffAction) => only({ action }),
      isStaff: async (request: FastifyRequest) =>
        request.user !== null && (await repository.roleOf(request.user.id)) !== undefined,
    });
  },
  { name: 'staff-desk', dependencies: ['sessions'] },
);
