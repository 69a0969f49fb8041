import { sql, type Kysely } from 'kysely';

/**
 * Support tickets (issue 30, docs/decisions/032-support-tickets.md): a ticket belongs to a user, or
 * to a visitor's e-mail address; its thread holds the user's words, the team's answers and staff's
 * internal notes; up to three photos go with its first message; staff keep canned answers.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table support_tickets (
    id serial primary key,
    -- null: a visitor's ticket, answered at email
    user_id integer references users (id) on delete cascade,
    email varchar(254) not null,
    name varchar(100) not null default '',
    locale varchar(5) not null,
    topic varchar(12) not null check (topic in ('buying', 'selling', 'order', 'account', 'safety', 'other')),
    state varchar(16) not null default 'new'
      check (state in ('new', 'waiting_user', 'waiting_staff', 'resolved')),
    subject varchar(200) not null,
    order_id integer references orders (id) on delete set null,
    listing_id integer references listings (id) on delete set null,
    assignee_id integer references users (id) on delete set null,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`.execute(db);
  // The queue: a state's tickets newest first, and one person's.
  await sql`create index support_tickets_by_state on support_tickets (state, id desc)`.execute(db);
  await sql`create index support_tickets_by_assignee on support_tickets (assignee_id, state, id desc)
    where assignee_id is not null`.execute(db);
  await sql`create index support_tickets_by_user on support_tickets (user_id, id desc) where user_id is not null`.execute(
    db,
  );
  await sql`create index support_tickets_by_email on support_tickets (lower(email), created_at)`.execute(db);

  await sql`create table support_messages (
    id serial primary key,
    ticket_id integer not null references support_tickets (id) on delete cascade,
    -- null: the ticket's visitor
    author_id integer references users (id) on delete set null,
    from_staff boolean not null,
    -- an internal note: staff's only, never the user's
    internal boolean not null default false,
    body text not null,
    created_at timestamptz not null default now(),
    check (from_staff or not internal)
  )`.execute(db);
  await sql`create index support_messages_of_ticket on support_messages (ticket_id, id)`.execute(db);

  await sql`create table support_photos (
    id serial primary key,
    message_id integer not null references support_messages (id) on delete cascade,
    photo_key varchar(64) not null unique,
    width integer not null,
    height integer not null,
    placeholder text not null
  )`.execute(db);
  await sql`create index support_photos_of_message on support_photos (message_id, id)`.execute(db);

  await sql`create table support_canned_answers (
    id serial primary key,
    title_en varchar(120) not null,
    title_ar varchar(120) not null,
    body_en text not null,
    body_ar text not null,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table support_canned_answers`.execute(db);
  await sql`drop table support_photos`.execute(db);
  await sql`drop table support_messages`.execute(db);
  await sql`drop table support_tickets`.execute(db);
}
