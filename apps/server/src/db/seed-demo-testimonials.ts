import type { Kysely } from 'kysely';
import type { Database, TestimonialsTable } from './schema';

type Seed = Pick<TestimonialsTable, 'quote' | 'quote_ar' | 'name' | 'name_ar' | 'city' | 'city_ar' | 'role'> & {
  key: string;
};

/**
 * The demo's testimonials (issue 31): quotes as buyers and sellers here might say them, written for
 * this marketplace in English and Arabic, published, without photos (the slider shows initials).
 * Demo data, not reference data: a real deployment's quotes are its own users' (SEED_DEMO=false).
 */
const DEMO_TESTIMONIALS: readonly Seed[] = [
  {
    key: 'demo-maryam-sofa',
    role: 'buyer',
    name: 'Maryam Al Suwaidi',
    name_ar: 'مريم السويدي',
    city: 'Dubai',
    city_ar: 'دبي',
    quote:
      'I found a barely used sofa two streets away, offered a little less, and the seller agreed within an hour. We met, I checked it, paid, done.',
    quote_ar:
      'وجدت أريكة شبه جديدة على بعد شارعين، وعرضت سعرًا أقل قليلًا فوافق البائع خلال ساعة. التقينا وفحصتها ودفعت، وانتهى الأمر.',
  },
  {
    key: 'demo-rahul-phones',
    role: 'seller',
    name: 'Rahul Menon',
    name_ar: 'راهول مينون',
    city: 'Sharjah',
    city_ar: 'الشارقة',
    quote:
      'I sell refurbished phones from my shop. Buyers message me in Arabic or English and I answer from the same chat. Half my weekend sales start here now.',
    quote_ar:
      'أبيع هواتف مجددة من متجري. يراسلني المشترون بالعربية أو الإنجليزية وأرد عليهم من المحادثة نفسها. نصف مبيعات عطلة نهاية الأسبوع تبدأ من هنا الآن.',
  },
  {
    key: 'demo-khalid-bike',
    role: 'buyer',
    name: 'Khalid Al Mansoori',
    name_ar: 'خالد المنصوري',
    city: 'Abu Dhabi',
    city_ar: 'أبوظبي',
    quote:
      'The seller’s reviews told me what I needed to know. The bike was exactly as in the photos, and paying on hand-over meant no risk for either of us.',
    quote_ar:
      'أخبرتني تقييمات البائع بكل ما أحتاج إلى معرفته. كانت الدراجة كما في الصور تمامًا، والدفع عند التسليم يعني أن لا مخاطرة على أيٍّ منا.',
  },
  {
    key: 'demo-sara-baby',
    role: 'seller',
    name: 'Sara Haddad',
    name_ar: 'سارة حداد',
    city: 'Ajman',
    city_ar: 'عجمان',
    quote:
      'Our daughter outgrew her stroller and car seat. I listed both with my phone in five minutes and they went to a family nearby the same week.',
    quote_ar:
      'كبرت ابنتنا على عربتها ومقعد السيارة. عرضتهما بهاتفي في خمس دقائق، وذهبا إلى عائلة قريبة منا في الأسبوع نفسه.',
  },
  {
    key: 'demo-omar-desk',
    role: 'buyer',
    name: 'Omar Farouk',
    name_ar: 'عمر فاروق',
    city: 'Al Ain',
    city_ar: 'العين',
    quote:
      'I saved a search for standing desks and got an e-mail the morning one was listed near me. It was mine by the afternoon.',
    quote_ar:
      'حفظت بحثًا عن المكاتب القابلة للوقوف، فوصلني بريد في الصباح الذي عُرض فيه مكتب قريب مني. وصار لي بعد الظهر.',
  },
];

/** Adds each demo testimonial once (by its key), after those already there; never changes one staff edited. */
export async function seedDemoTestimonials(db: Kysely<Database>): Promise<void> {
  await db
    .insertInto('testimonials')
    .values(
      DEMO_TESTIMONIALS.map(({ key, ...words }, index) => ({
        ...words,
        seed_key: key,
        position: index + 1,
        published: true,
      })),
    )
    .onConflict((conflict) => conflict.column('seed_key').doNothing())
    .execute();
}
