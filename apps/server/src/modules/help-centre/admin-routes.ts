import { API_MESSAGES, message } from '@marketplace/contracts';
import { ADMIN_HELP_ROUTES } from '@marketplace/contracts/help';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/api-route';
import { HttpError } from '../../plugins/errors';
import { auditActor, recordAudit } from '../staff';
import {
  createQuestion,
  createTopic,
  editQuestion,
  editTopic,
  readAdminPage,
  readPageList,
  readQuestions,
  readTopics,
  readVersion,
  writePage,
} from './edit-help';

const notFound = () => new HttpError(404, message(API_MESSAGES.notFound));

/**
 * The back-office's FAQ and page editors (issue 30, `help.edit`: admin and support, decision 031).
 * Every change is one transaction with its audit row; the public pages read the tables at once.
 */
export function helpCentreAdminRoutes(app: FastifyInstance): Promise<void> {
  const guard = { onRequest: app.staffDesk.may('help.edit') };

  route(app, ADMIN_HELP_ROUTES.faq, guard, async () => {
    const [topics, questions] = await Promise.all([readTopics(app.db), readQuestions(app.db)]);
    return { data: { topics, questions } };
  });

  route(app, ADMIN_HELP_ROUTES.createTopic, guard, async (request, reply) => {
    const actor = auditActor(request);
    const topic = await app.events.run(async (unit) => {
      const created = await createTopic(unit.db, request.body);
      await recordAudit(unit.db, actor, {
        action: 'help.topic.create',
        targetType: 'help_topic',
        targetId: created.id,
        after: { ...created },
      });
      return created;
    });
    return reply.code(201).send({ data: topic });
  });

  route(app, ADMIN_HELP_ROUTES.editTopic, guard, async (request) => {
    const actor = auditActor(request);
    const { id } = request.params;
    const edited = await app.events.run(async (unit) => {
      const change = await editTopic(unit.db, id, request.body);
      if (!change) throw notFound();
      await recordAudit(unit.db, actor, {
        action: 'help.topic.edit',
        targetType: 'help_topic',
        targetId: id,
        before: { ...change.before },
        after: { ...change.after },
      });
      return change.after;
    });
    return { data: edited };
  });

  const questionAnswer = async (id: number) => {
    const [question] = await readQuestions(app.db, id);
    if (!question) throw new Error(`help question ${id} vanished after its edit`);
    return { data: question };
  };

  route(app, ADMIN_HELP_ROUTES.createQuestion, guard, async (request, reply) => {
    const actor = auditActor(request);
    const id = await app.events.run(async (unit) => {
      const created = await createQuestion(unit.db, request.body);
      await recordAudit(unit.db, actor, {
        action: 'help.question.create',
        targetType: 'help_question',
        targetId: created,
        after: { ...request.body },
      });
      return created;
    });
    return reply.code(201).send(await questionAnswer(id));
  });

  route(app, ADMIN_HELP_ROUTES.editQuestion, guard, async (request) => {
    const actor = auditActor(request);
    const { id } = request.params;
    await app.events.run(async (unit) => {
      const change = await editQuestion(unit.db, id, request.body);
      if (!change) throw notFound();
      const published = change.before.published !== change.after.published;
      await recordAudit(unit.db, actor, {
        action: published
          ? change.after.published
            ? 'help.question.publish'
            : 'help.question.unpublish'
          : 'help.question.edit',
        targetType: 'help_question',
        targetId: id,
        before: { ...change.before },
        after: { ...change.after },
      });
    });
    return questionAnswer(id);
  });

  route(app, ADMIN_HELP_ROUTES.pages, guard, async () => ({ data: await readPageList(app.db) }));

  const pageAnswer = async (slug: Parameters<typeof readAdminPage>[1]) => {
    const page = await readAdminPage(app.db, slug);
    if (!page) throw notFound();
    return { data: page };
  };

  route(app, ADMIN_HELP_ROUTES.page, guard, async (request) => pageAnswer(request.params.slug));

  route(app, ADMIN_HELP_ROUTES.editPage, guard, async (request) => {
    const actor = auditActor(request);
    const { slug } = request.params;
    await app.events.run(async (unit) => {
      const change = await writePage(unit.db, slug, request.body, request.staff?.userId ?? 0);
      if (!change) throw notFound();
      await recordAudit(unit.db, actor, {
        action: 'help.page.edit',
        targetType: 'help_page',
        targetId: null,
        before: { slug, ...change.before },
        after: { slug, ...change.after },
      });
    });
    return pageAnswer(slug);
  });

  route(app, ADMIN_HELP_ROUTES.restorePage, guard, async (request) => {
    const actor = auditActor(request);
    const { slug, version } = request.params;
    await app.events.run(async (unit) => {
      const earlier = await readVersion(unit.db, slug, version);
      if (!earlier) throw notFound();
      const change = await writePage(unit.db, slug, earlier, request.staff?.userId ?? 0);
      if (!change) throw notFound();
      await recordAudit(unit.db, actor, {
        action: 'help.page.restore',
        targetType: 'help_page',
        targetId: null,
        before: { slug, ...change.before },
        after: { slug, ...change.after, restored_from: version },
      });
    });
    return pageAnswer(slug);
  });

  return Promise.resolve();
}
