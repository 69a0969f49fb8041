import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, UpdatedAt } from './columns';

/** The home page's testimonials (migration 0030), written by modules/testimonials and the demo seed. */
export interface TestimonialsTable {
  id: Generated<number>;
  quote: string;
  quote_ar: string;
  name: string;
  name_ar: string;
  city: string;
  city_ar: string;
  role: 'buyer' | 'seller';
  /** An avatar-sized WebP under /media/avatars/ (modules/media/avatars.ts); null: the page shows initials. */
  photo_key: string | null;
  position: number;
  published: ColumnType<boolean, boolean | undefined, boolean>;
  /** Names a demo row (db/seed-demo-testimonials.ts); null for staff's own. */
  seed_key: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}
