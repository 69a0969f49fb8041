import { API_MESSAGES, message } from '@marketplace/contracts';
import { STAFF_ACTIONS, STAFF_ROUTES, staffMay } from '@marketplace/contracts/staff';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { renderSVG } from 'uqr';
import type { Config } from '../../config';
import { route } from '../../plugins/api-route';
import { HttpError } from '../../plugins/errors';
import { RateLimiter } from '../../plugins/rate-limiter';
import { ValidationError } from '../../plugins/validation';
import { encodeMessage } from '@marketplace/contracts';
import { auditActor, recordAudit } from './audit';
import { auditRoutes } from './audit-routes';
import { otpauthUri } from './totp';

export interface StaffRoutesOptions {
  /** Guesses at the second factor: per member and address, and per member from anywhere (like login's). */
  perAddress: Config['loginThrottle'];
  perMember: Config['loginEmailThrottle'];
}

/**
 * The back-office's own session (issue 29): who is at the desk and what they may do, the second
 * factor's set-up and check, and (admins) who holds which role.
 */
export function staffRoutes(app: FastifyInstance, options: StaffRoutesOptions): Promise<void> {
  const { repository, secondFactors, only, may } = app.staffDesk;
  const limiter = new RateLimiter(app.db);
  const atDesk = (request: FastifyRequest) => {
    if (!request.staff || !request.session) throw new Error('staff routes run behind the guard');
    return { staff: request.staff, session: request.session };
  };

  /** Counts a guess at the second factor before it is checked; 429 with Retry-After beyond the allowance. */
  const countGuess = async (request: FastifyRequest, userId: number) => {
    const refuse = {
      field: 'code',
      message: (seconds: number) => message('auth.throttled', { seconds }),
    };
    await limiter.enforce(`second-factor:${userId}|${request.ip}`, options.perAddress, refuse);
    await limiter.enforce(`second-factor:${userId}`, options.perMember, refuse);
  };
  const guessRight = async (request: FastifyRequest, userId: number) => {
    await limiter.clear(`second-factor:${userId}|${request.ip}`);
    await limiter.forgive(`second-factor:${userId}`);
  };
  const wrongCode = () => ValidationError.forField('code', encodeMessage(message('admin.secondFactor.wrongCode')));

  route(app, STAFF_ROUTES.session, { onRequest: only({ secondFactor: false }) }, (request) => {
    const { staff } = atDesk(request);
    return {
      user: { id: staff.userId, name: staff.name, email: staff.email },
      role: staff.role,
      actions: STAFF_ACTIONS.filter((action) => staffMay(staff.role, action)),
      second_factor: staff.secondFactor,
      second_factor_until: staff.secondFactorUntil,
    };
  });

  route(app, STAFF_ROUTES.secondFactorSetup, { onRequest: only({ secondFactor: false }) }, async (request) => {
    const { staff } = atDesk(request);
    const secret = await secondFactors.begin(staff.userId);
    if (!secret) throw new HttpError(409, message('admin.secondFactor.alreadySetUp'));
    const uri = otpauthUri(request.translator.t('app.name'), staff.email, secret);
    return { secret, otpauth_uri: uri, qr_svg: renderSVG(uri, { border: 2, pixelSize: 6 }) };
  });

  route(app, STAFF_ROUTES.secondFactorConfirm, { onRequest: only({ secondFactor: false }) }, async (request) => {
    const { staff, session } = atDesk(request);
    await countGuess(request, staff.userId);
    if (!(await secondFactors.useCode(staff.userId, request.body.code, Date.now(), true))) throw wrongCode();
    await guessRight(request, staff.userId);
    await app.sessions.markSecondFactor(session.id);
    const codes = await secondFactors.newRecoveryCodes(staff.userId);
    await recordAudit(app.db, auditActor(request), {
      action: 'staff.second-factor.set-up',
      targetType: 'staff',
      targetId: staff.userId,
    });
    return { recovery_codes: codes };
  });

  route(app, STAFF_ROUTES.secondFactorVerify, { onRequest: only({ secondFactor: false }) }, async (request, reply) => {
    const { staff, session } = atDesk(request);
    if (staff.secondFactor === 'setup_required') throw new HttpError(409, message('admin.secondFactor.notSetUp'));
    await countGuess(request, staff.userId);
    const code = request.body.code;
    const byApp = await secondFactors.useCode(staff.userId, code, Date.now(), false);
    const byRecovery = !byApp && (await secondFactors.useRecoveryCode(staff.userId, code));
    if (!byApp && !byRecovery) throw wrongCode();
    await guessRight(request, staff.userId);
    await app.sessions.markSecondFactor(session.id);
    if (byRecovery) {
      await recordAudit(app.db, auditActor(request), {
        action: 'staff.second-factor.recovery-code-used',
        targetType: 'staff',
        targetId: staff.userId,
      });
    }
    return reply.code(204).send();
  });

  route(app, STAFF_ROUTES.staff, { onRequest: may('staff.manage') }, async () => ({ data: await repository.list() }));

  route(app, STAFF_ROUTES.grantRole, { onRequest: may('staff.manage') }, async (request, reply) => {
    const { userId } = request.params;
    const { role } = request.body;
    const actor = auditActor(request);
    await app.db.transaction().execute(async (trx) => {
      const user = await trx
        .selectFrom('users')
        .select('id')
        .where('id', '=', userId)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      if (!user) throw new HttpError(404, message(API_MESSAGES.notFound));
      if (role !== 'admin' && (await repository.otherAdmins(trx, userId)) === 0) {
        throw new HttpError(409, message('admin.staff.lastAdmin'));
      }
      const before = await repository.grant(trx, userId, role, actor.id);
      await recordAudit(trx, actor, {
        action: before ? 'staff.change-role' : 'staff.grant',
        targetType: 'user',
        targetId: userId,
        before: before ? { role: before } : null,
        after: { role },
      });
    });
    return reply.code(204).send();
  });

  route(app, STAFF_ROUTES.takeRole, { onRequest: may('staff.manage') }, async (request, reply) => {
    const { userId } = request.params;
    const actor = auditActor(request);
    await app.db.transaction().execute(async (trx) => {
      if ((await repository.otherAdmins(trx, userId)) === 0) throw new HttpError(409, message('admin.staff.lastAdmin'));
      const before = await repository.take(trx, userId);
      if (!before) throw new HttpError(404, message(API_MESSAGES.notFound));
      await secondFactors.reset(trx, userId);
      await recordAudit(trx, actor, {
        action: 'staff.take-role',
        targetType: 'user',
        targetId: userId,
        before: { role: before },
        after: null,
      });
    });
    return reply.code(204).send();
  });

  route(app, STAFF_ROUTES.lookup, { onRequest: may('staff.manage') }, async (request) => {
    const { email } = request.query;
    const user = await app.db
      .selectFrom('users as u')
      .leftJoin('staff_members as m', 'm.user_id', 'u.id')
      .select(['u.id', 'u.first_name', 'u.last_name', 'u.email', 'm.role'])
      .where('u.email', '=', email.toLowerCase())
      .where('u.deleted_at', 'is', null)
      .executeTakeFirst();
    if (!user) throw new HttpError(404, message('admin.staff.noSuchAccount', { email }));
    return {
      data: {
        user_id: user.id,
        name: `${user.first_name} ${user.last_name}`.trim(),
        email: user.email,
        role: user.role,
      },
    };
  });

  route(app, STAFF_ROUTES.resetSecondFactor, { onRequest: may('staff.manage') }, async (request, reply) => {
    const { userId } = request.params;
    const actor = auditActor(request);
    await app.db.transaction().execute(async (trx) => {
      const member = await trx
        .selectFrom('staff_members as m')
        .leftJoin('staff_second_factors as f', 'f.user_id', 'm.user_id')
        .select(['m.role', 'f.confirmed_at'])
        .where('m.user_id', '=', userId)
        .forUpdate('m')
        .executeTakeFirst();
      if (!member) throw new HttpError(404, message('admin.staff.notStaff'));
      if (!member.confirmed_at) throw new HttpError(409, message('admin.staff.notSetUp'));
      await secondFactors.reset(trx, userId);
      // Their sessions, this one too when it is their own, ask for the new one before anything else.
      await app.sessions.forgetSecondFactor(trx, userId);
      await recordAudit(trx, actor, {
        action: 'staff.second-factor.reset',
        targetType: 'user',
        targetId: userId,
        before: { second_factor: true },
        after: { second_factor: false },
      });
    });
    return reply.code(204).send();
  });

  auditRoutes(app);

  return Promise.resolve();
}
