import type { Locale } from '@marketplace/contracts';
import { parseMarkdown, type ContentPage, type ContentPageSlug } from '@marketplace/contracts/help';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** A page staff edit, as visitors read it: its current version in their language, read into blocks. */
export async function readContentPage(
  db: Kysely<Database>,
  slug: ContentPageSlug,
  locale: Locale,
): Promise<ContentPage | undefined> {
  const row = await db
    .selectFrom('help_pages')
    .select(['slug', 'title', 'title_ar', 'body', 'body_ar', 'version', 'updated_at'])
    .where('slug', '=', slug)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    slug: row.slug,
    title: locale === 'ar' ? row.title_ar : row.title,
    body: parseMarkdown(locale === 'ar' ? row.body_ar : row.body),
    version: row.version,
    updated_at: row.updated_at.getTime(),
  };
}
