import { listingSlug, orderTotalFils } from '@marketplace/contracts';
import { ADMIN_USER_PAGE_LIST, type AdminUser, type AdminUserReport } from '@marketplace/contracts/staff';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { fullName, msOrNull, suspensionOf } from './people';

type Db = Kysely<Database>;
const LIST = ADMIN_USER_PAGE_LIST;

/**
 * One person's page for staff (issue 29), read across the modules' tables (decision 029 leaves reads
 * open): profile and role, their latest listings and orders on either side, reports of their
 * conversations, the reports they made and those against them. Sessions come from the session
 * store (the route adds them). Undefined for an id nobody has.
 */
export async function readUser(db: Db, userId: number): Promise<Omit<AdminUser, 'sessions'> | undefined> {
  const profile = await db
    .selectFrom('users')
    .leftJoin('companies', 'companies.user_id', 'users.id')
    .leftJoin('staff_members', 'staff_members.user_id', 'users.id')
    .select([
      'users.id',
      'users.first_name',
      'users.last_name',
      'users.email',
      'users.account_type',
      'users.created_at',
      'users.email_verified_at',
      'users.locale',
      'users.deleted_at',
      'users.suspended_at',
      'users.suspended_until',
      'users.suspension_reason',
      'companies.name as company_name',
      'companies.web as company_web',
      'staff_members.role',
    ])
    .where('users.id', '=', userId)
    .executeTakeFirst();
  if (!profile) return undefined;

  const [listings, purchases, sales, conversationReports, reportsMade, reportsAgainst] = await Promise.all([
    latestListings(db, userId),
    latestOrders(db, userId, 'buyer'),
    latestOrders(db, userId, 'seller'),
    conversationReportsOf(db, userId),
    reportsBy(db, userId),
    reportsAgainstUser(db, userId),
  ]);
  return {
    profile: {
      id: profile.id,
      first_name: profile.first_name,
      last_name: profile.last_name,
      email: profile.email,
      account_type: profile.account_type,
      company: profile.company_name === null ? null : { name: profile.company_name, web: profile.company_web },
      joined_at: profile.created_at.getTime(),
      verified_at: msOrNull(profile.email_verified_at),
      locale: profile.locale,
      deleted_at: msOrNull(profile.deleted_at),
      suspension: suspensionOf(profile),
      role: profile.role,
    },
    listings,
    purchases,
    sales,
    conversation_reports: conversationReports,
    reports_made: reportsMade,
    reports_against: reportsAgainst,
  };
}

const count = sql<number>`count(*)::int`;

async function latestListings(db: Db, userId: number): Promise<AdminUser['listings']> {
  const [rows, total] = await Promise.all([
    db
      .selectFrom('listings')
      .select(['id', 'title', 'status', 'price_fils', 'created_at'])
      .where('seller_id', '=', userId)
      .orderBy('id', 'desc')
      .limit(LIST)
      .execute(),
    db.selectFrom('listings').select(count.as('count')).where('seller_id', '=', userId).executeTakeFirstOrThrow(),
  ]);
  return {
    total: total.count,
    latest: rows.map((row) => ({
      id: row.id,
      title: row.title ?? '',
      slug: row.status === 'draft' ? null : listingSlug(row.title),
      status: row.status,
      price_fils: row.price_fils,
      created_at: row.created_at.getTime(),
    })),
  };
}

async function latestOrders(db: Db, userId: number, side: 'buyer' | 'seller'): Promise<AdminUser['purchases']> {
  const own = side === 'buyer' ? 'orders.buyer_id' : 'orders.seller_id';
  const other = side === 'buyer' ? 'orders.seller_id' : 'orders.buyer_id';
  const [rows, total] = await Promise.all([
    db
      .selectFrom('orders')
      .innerJoin('listings', 'listings.id', 'orders.listing_id')
      .innerJoin('users as other', 'other.id', other)
      .select([
        'orders.id',
        'orders.status',
        'orders.quantity',
        'orders.unit_price_fils',
        'orders.delivery_fee_fils',
        'orders.created_at',
        'listings.id as listing_id',
        'listings.title',
        'other.id as other_id',
        fullName('other').as('other_name'),
      ])
      .where(own, '=', userId)
      .orderBy('orders.id', 'desc')
      .limit(LIST)
      .execute(),
    db.selectFrom('orders').select(count.as('count')).where(own, '=', userId).executeTakeFirstOrThrow(),
  ]);
  return {
    total: total.count,
    latest: rows.map((row) => ({
      id: row.id,
      listing: { id: row.listing_id, title: row.title ?? '' },
      other: { id: row.other_id, name: row.other_name },
      status: row.status,
      amount_fils: orderTotalFils(row),
      created_at: row.created_at.getTime(),
    })),
  };
}

interface ReportRow {
  id: number;
  target_id: number;
  target: string | null;
  reporter_id: number | null;
  reporter_name: string | null;
  reason: string;
  created_at: Date;
  resolved_at: Date | null;
  outcome: string | null;
}

const toReport =
  (kind: AdminUserReport['kind']) =>
  (row: ReportRow): AdminUserReport => ({
    kind,
    id: row.id,
    target_id: row.target_id,
    target: row.target ?? '',
    reporter: row.reporter_id === null ? null : { id: row.reporter_id, name: row.reporter_name ?? '' },
    reason: row.reason,
    created_at: row.created_at.getTime(),
    resolved_at: msOrNull(row.resolved_at),
    outcome: row.outcome,
  });

/** The latest LIST of several lists of reports, newest first. */
const newest = (...lists: AdminUserReport[][]): AdminUserReport[] =>
  lists
    .flat()
    .sort((a, b) => b.created_at - a.created_at || b.id - a.id)
    .slice(0, LIST);

function listingReports(db: Db) {
  return db
    .selectFrom('listing_reports')
    .innerJoin('listings', 'listings.id', 'listing_reports.listing_id')
    .leftJoin('users as reporter', 'reporter.id', 'listing_reports.reporter_id')
    .select([
      'listing_reports.id',
      'listing_reports.listing_id as target_id',
      'listings.title as target',
      'listing_reports.reporter_id',
      fullName('reporter').as('reporter_name'),
      'listing_reports.reason',
      'listing_reports.created_at',
      'listing_reports.resolved_at',
      'listing_reports.outcome',
    ])
    .orderBy('listing_reports.id', 'desc')
    .limit(LIST);
}

function conversationReports(db: Db) {
  return db
    .selectFrom('conversation_reports')
    .innerJoin('conversations', 'conversations.id', 'conversation_reports.conversation_id')
    .innerJoin('listings', 'listings.id', 'conversations.listing_id')
    .leftJoin('users as reporter', 'reporter.id', 'conversation_reports.reporter_id')
    .select([
      'conversation_reports.id',
      'conversation_reports.conversation_id as target_id',
      'listings.title as target',
      'conversation_reports.reporter_id',
      fullName('reporter').as('reporter_name'),
      'conversation_reports.reason',
      'conversation_reports.created_at',
      'conversation_reports.resolved_at',
      'conversation_reports.outcome',
    ])
    .orderBy('conversation_reports.id', 'desc')
    .limit(LIST);
}

function userReports(db: Db) {
  return db
    .selectFrom('user_reports')
    .innerJoin('users as reported', 'reported.id', 'user_reports.user_id')
    .leftJoin('users as reporter', 'reporter.id', 'user_reports.reporter_id')
    .select([
      'user_reports.id',
      'user_reports.user_id as target_id',
      fullName('reported').as('target'),
      'user_reports.reporter_id',
      fullName('reporter').as('reporter_name'),
      'user_reports.reason',
      'user_reports.created_at',
      'user_reports.resolved_at',
      'user_reports.outcome',
    ])
    .orderBy('user_reports.id', 'desc')
    .limit(LIST);
}

/** Reports of the conversations they take part in, on either side, by whoever made them. */
async function conversationReportsOf(db: Db, userId: number): Promise<AdminUserReport[]> {
  const rows = await conversationReports(db)
    .where((eb) => eb.or([eb('conversations.buyer_id', '=', userId), eb('conversations.seller_id', '=', userId)]))
    .execute();
  return rows.map(toReport('conversation'));
}

async function reportsBy(db: Db, userId: number): Promise<AdminUserReport[]> {
  const [listings, conversations, people] = await Promise.all([
    listingReports(db).where('listing_reports.reporter_id', '=', userId).execute(),
    conversationReports(db).where('conversation_reports.reporter_id', '=', userId).execute(),
    userReports(db).where('user_reports.reporter_id', '=', userId).execute(),
  ]);
  return newest(
    listings.map(toReport('listing')),
    conversations.map(toReport('conversation')),
    people.map(toReport('user')),
  );
}

/** Of their listings; of their conversations, made by the other side; of them as a person. */
async function reportsAgainstUser(db: Db, userId: number): Promise<AdminUserReport[]> {
  const [listings, conversations, people] = await Promise.all([
    listingReports(db).where('listings.seller_id', '=', userId).execute(),
    conversationReports(db)
      .where((eb) => eb.or([eb('conversations.buyer_id', '=', userId), eb('conversations.seller_id', '=', userId)]))
      .where((eb) =>
        eb.or([
          eb('conversation_reports.reporter_id', 'is', null),
          eb('conversation_reports.reporter_id', '<>', userId),
        ]),
      )
      .execute(),
    userReports(db).where('user_reports.user_id', '=', userId).execute(),
  ]);
  return newest(
    listings.map(toReport('listing')),
    conversations.map(toReport('conversation')),
    people.map(toReport('user')),
  );
}
