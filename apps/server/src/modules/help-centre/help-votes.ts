import type { HelpVotes } from '@marketplace/contracts/help';
import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * Who votes: a signed-in person by their account, a visitor by their browser's session; stored as
 * a hash, so the table names nobody (and a deleted account's votes are found by the same hash).
 */
export const voterOf = (request: FastifyRequest): string | null => {
  if (request.user) return voterHash(`user:${request.user.id}`);
  return request.session ? voterHash(`session:${request.session.id}`) : null;
};

const voterHash = (who: string) => createHash('sha256').update(`help-vote:${who}`).digest('hex');

export const userVoter = (userId: number) => voterHash(`user:${userId}`);

export async function readVotes(db: Kysely<Database>, questionId: number, voter: string | null): Promise<HelpVotes> {
  const row = await db
    .selectFrom('help_votes')
    .select([
      sql<number>`count(*) filter (where helpful)::int`.as('helpful_yes'),
      sql<number>`count(*) filter (where not helpful)::int`.as('helpful_no'),
      sql<boolean | null>`bool_or(helpful) filter (where voter = ${voter ?? ''})`.as('mine'),
    ])
    .where('question_id', '=', questionId)
    .executeTakeFirstOrThrow();
  return { helpful_yes: row.helpful_yes, helpful_no: row.helpful_no, mine: row.mine };
}

/** One vote per voter and question: a second one replaces the first. False when the question is not published. */
export async function castVote(
  db: Kysely<Database>,
  questionId: number,
  voter: string,
  helpful: boolean,
): Promise<boolean> {
  const written = await db
    .insertInto('help_votes')
    .columns(['question_id', 'voter', 'helpful'])
    .expression((eb) =>
      eb
        .selectFrom('help_questions')
        .select([eb.val(questionId).as('question_id'), eb.val(voter).as('voter'), eb.val(helpful).as('helpful')])
        .where('id', '=', questionId)
        .where('published', '=', true),
    )
    .onConflict((conflict) =>
      conflict.columns(['question_id', 'voter']).doUpdateSet({ helpful, voted_at: sql<Date>`now()` }),
    )
    .returning('question_id')
    .executeTakeFirst();
  return written !== undefined;
}

/** A deleted account's votes go with it (decision 026); the counts lose them. */
export async function forgetVotes(db: Kysely<Database>, userId: number): Promise<void> {
  await db.deleteFrom('help_votes').where('voter', '=', userVoter(userId)).execute();
}
