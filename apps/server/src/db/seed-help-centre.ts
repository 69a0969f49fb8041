import type { ContentPageSlug } from '@marketplace/contracts/help-essentials';
import type { Kysely } from 'kysely';
import type { Database } from './schema';

/**
 * The help centre's first words (issue 30): the FAQ's topics and questions and the four pages, in
 * English and Arabic, true to this marketplace (orders: ORDER_LIMITS and decision 021; accounts:
 * decisions 022 and 026; chat, reports and blocks: 023, 024, 030). Written at every start like the
 * categories: what is missing is added, nothing staff have written is ever overwritten (a topic by
 * its slug, a question by its slug, a page by its slug).
 */

interface SeedQuestion {
  slug: string;
  q: readonly [string, string];
  a: readonly [string, string];
}

interface SeedTopic {
  slug: string;
  name: readonly [string, string];
  questions: readonly SeedQuestion[];
}

export const HELP_TOPICS: readonly SeedTopic[] = [
  {
    slug: 'buying',
    name: ['Buying', 'الشراء'],
    questions: [
      {
        slug: 'how-do-i-buy-an-item',
        q: ['How do I buy an item?', 'كيف أشتري منتجًا؟'],
        a: [
          'Open the item and choose **Buy** to ask the seller for it at the listed price, or **Make an offer** to propose your own price. Choose how many, pickup or delivery, and add a note if you like.\n\nYour request waits for the seller, who has 48 hours to accept or decline it. You see every order at **Purchases** in your account menu, and you are told by the bell and by e-mail when the seller answers.',
          'افتح صفحة المنتج واختر **شراء** لتطلبه من البائع بالسعر المعروض، أو **قدّم عرضًا** لتقترح سعرك. اختر الكمية والاستلام أو التوصيل، وأضف ملاحظة إن شئت.\n\nيبقى طلبك بانتظار البائع، وأمامه 48 ساعة ليقبله أو يرفضه. تجد كل طلباتك في **مشترياتي** من قائمة حسابك، ويصلك تنبيه في الجرس وبالبريد الإلكتروني عندما يرد البائع.',
        ],
      },
      {
        slug: 'how-do-i-pay',
        q: ['How do I pay for an item?', 'كيف أدفع ثمن المنتج؟'],
        a: [
          'Marketplace does not take payments. You pay the seller directly when you get the item: **pay on hand-over**, after you have checked it. Never send money before you have seen the item, and never pay through a link someone sends you. Read our [safety tips](/safety).',
          'السوق لا يستلم المدفوعات. تدفع للبائع مباشرة عندما تستلم المنتج: **ادفع عند التسليم** بعد أن تفحصه. لا ترسل مالًا قبل أن ترى المنتج، ولا تدفع عبر رابط يرسله إليك أحد. اقرأ [نصائح الأمان](/safety).',
        ],
      },
      {
        slug: 'why-verify-my-email',
        q: ['Why must I verify my e-mail address?', 'لماذا يجب أن أؤكد بريدي الإلكتروني؟'],
        a: [
          'Buying, making offers and publishing listings need a verified address, so that the person on the other side knows someone real is behind the account and so that we can reach you about your orders. We send the link when you register; it works once and for 24 hours. If it has expired, choose **Resend** in the banner at the top of the page.',
          'الشراء وتقديم العروض ونشر الإعلانات تحتاج إلى بريد مؤكد، ليعرف الطرف الآخر أن وراء الحساب شخصًا حقيقيًا، ولنتمكن من مراسلتك بشأن طلباتك. نرسل الرابط عند التسجيل، وهو صالح مرة واحدة ولمدة 24 ساعة. إذا انتهت صلاحيته، اختر **إعادة الإرسال** في الشريط أعلى الصفحة.',
        ],
      },
      {
        slug: 'can-i-save-items-and-searches',
        q: ['Can I save items and searches?', 'هل يمكنني حفظ المنتجات وعمليات البحث؟'],
        a: [
          'Yes. The heart on an item adds it to your **Favourites**; we tell you when its price drops or it is sold. On a search, **Save search** keeps it at **Saved searches** and tells you when new items match it.',
          'نعم. القلب على المنتج يضيفه إلى **المفضلة**، ونخبرك عندما ينخفض سعره أو يُباع. وفي البحث، **احفظ البحث** ليبقى في **عمليات البحث المحفوظة** ونخبرك عندما تظهر منتجات جديدة تطابقه.',
        ],
      },
    ],
  },
  {
    slug: 'selling',
    name: ['Selling', 'البيع'],
    questions: [
      {
        slug: 'how-do-i-sell-an-item',
        q: ['How do I sell an item?', 'كيف أبيع منتجًا؟'],
        a: [
          'Choose **Sell**, pick a category, add photos, a title, a description, the price and how many you have, then publish. Your address must be verified first. Your listings are at **My listings**, where you can edit, pause or delete them.',
          'اختر **بيع**، ثم الفئة، وأضف الصور والعنوان والوصف والسعر والكمية، ثم انشر. يجب أن يكون بريدك مؤكدًا أولًا. تجد إعلاناتك في **إعلاناتي**، حيث يمكنك تعديلها أو إيقافها مؤقتًا أو حذفها.',
        ],
      },
      {
        slug: 'what-happens-when-i-accept',
        q: ['What happens when I accept a request?', 'ماذا يحدث عندما أقبل طلبًا؟'],
        a: [
          'The units the buyer asked for are held for them and the item shows as reserved when none are left. Arrange the hand-over in the conversation, then choose **Mark as handed over** once the buyer has it. Other requests for the same units cannot be accepted while they are held.',
          'تُحجز الكمية التي طلبها المشتري له، ويظهر المنتج محجوزًا إذا لم يبق منه شيء. اتفقا على التسليم في المحادثة، ثم اختر **تم التسليم** بعد أن يستلمه المشتري. لا يمكن قبول طلبات أخرى على الكمية نفسها ما دامت محجوزة.',
        ],
      },
      {
        slug: 'why-was-my-listing-removed',
        q: ['Why was my listing removed?', 'لماذا أُزيل إعلاني؟'],
        a: [
          'Our moderators remove listings that break the rules (forbidden items, scams, misleading descriptions) after a report. We tell you why by the bell and by e-mail. Any open order of the listing ends. If you think it was a mistake, [contact us](/support).',
          'يزيل المشرفون الإعلانات المخالفة للقواعد (منتجات ممنوعة، احتيال، وصف مضلل) بعد بلاغ عنها. نخبرك بالسبب في الجرس وبالبريد الإلكتروني، وينتهي كل طلب مفتوح على الإعلان. إذا رأيت أن ذلك خطأ، [تواصل معنا](/support).',
        ],
      },
    ],
  },
  {
    slug: 'offers-and-orders',
    name: ['Offers and orders', 'العروض والطلبات'],
    questions: [
      {
        slug: 'how-do-offers-and-counter-offers-work',
        q: ['How do offers and counter-offers work?', 'كيف تعمل العروض والعروض المضادة؟'],
        a: [
          'Your offer is a price you propose. The seller can accept it, decline it or answer with another price (a counter-offer), and you can do the same with theirs. There are at most **3 prices in all**, your first offer included; after that the last price can only be accepted or declined. Each side has **48 hours** to answer, counted again from every counter-offer; a request nobody answers expires.',
          'العرض سعر تقترحه أنت. يمكن للبائع أن يقبله أو يرفضه أو يرد بسعر آخر (عرض مضاد)، ويمكنك أن تفعل الشيء نفسه مع عرضه. الحد الأقصى **3 أسعار في المجموع** بما فيها عرضك الأول، وبعدها يمكن قبول السعر الأخير أو رفضه فقط. لكل طرف **48 ساعة** للرد، تُحسب من جديد بعد كل عرض مضاد، والطلب الذي لا يرد عليه أحد تنتهي مهلته.',
        ],
      },
      {
        slug: 'what-does-each-order-state-mean',
        q: ['What does each order state mean?', 'ماذا تعني كل حالة من حالات الطلب؟'],
        a: [
          '- **Requested**: waiting for an answer (the seller, or you after a counter-offer).\n- **Accepted**: the seller agreed; the units are held for you.\n- **Declined**, **Withdrawn**, **Expired**: the request ended without a sale (refused, taken back by the buyer, or not answered within 48 hours).\n- **No longer available**: another buyer took the last units first.\n- **Handed over**: the seller says you have the item.\n- **Received**: you confirmed it, or 7 days passed after the hand-over.\n- **Completed**: 48 hours after receipt with no problem reported; both sides can then leave a review for 14 days.\n- **Cancelled**: either side cancelled an accepted order, with a reason.\n- **Disputed**: the buyer reported a problem within 48 hours of receipt; our team looks into it.',
          '- **مطلوب**: بانتظار رد (البائع، أو أنت بعد عرض مضاد).\n- **مقبول**: وافق البائع، والكمية محجوزة لك.\n- **مرفوض**، **مسحوب**، **منتهي المهلة**: انتهى الطلب دون بيع (رُفض، أو سحبه المشتري، أو لم يُرد عليه خلال 48 ساعة).\n- **لم يعد متاحًا**: سبقك مشترٍ آخر إلى آخر كمية.\n- **تم التسليم**: يقول البائع إنك استلمت المنتج.\n- **تم الاستلام**: أكدت الاستلام، أو مرت 7 أيام على التسليم.\n- **مكتمل**: بعد 48 ساعة من الاستلام دون الإبلاغ عن مشكلة، ويمكن لكل طرف تقييم الآخر خلال 14 يومًا.\n- **ملغى**: ألغى أحد الطرفين طلبًا مقبولًا مع ذكر السبب.\n- **متنازع عليه**: أبلغ المشتري عن مشكلة خلال 48 ساعة من الاستلام، وفريقنا ينظر فيها.',
        ],
      },
      {
        slug: 'can-i-cancel-an-order',
        q: ['Can I cancel an order?', 'هل يمكنني إلغاء طلب؟'],
        a: [
          'While it is requested, the buyer can withdraw it. Once accepted, either side can cancel it and must say why; the held units go back on sale. After the hand-over an order can no longer be cancelled: if something is wrong, the buyer can **Report a problem** within 48 hours of receipt.',
          'ما دام الطلب مطلوبًا يمكن للمشتري سحبه. بعد قبوله يمكن لأي طرف إلغاؤه مع ذكر السبب، وتعود الكمية المحجوزة إلى البيع. بعد التسليم لا يمكن إلغاء الطلب، وإذا كانت هناك مشكلة يمكن للمشتري **الإبلاغ عن مشكلة** خلال 48 ساعة من الاستلام.',
        ],
      },
      {
        slug: 'how-do-reviews-work',
        q: ['How do reviews work?', 'كيف تعمل التقييمات؟'],
        a: [
          "When an order is completed, the buyer and the seller can each rate the other once, within 14 days. Ratings show on the seller's public page.",
          'عندما يكتمل الطلب، يمكن لكل من المشتري والبائع تقييم الآخر مرة واحدة خلال 14 يومًا. تظهر التقييمات في صفحة البائع العامة.',
        ],
      },
    ],
  },
  {
    slug: 'chat-and-safety',
    name: ['Chat and safety', 'المحادثات والأمان'],
    questions: [
      {
        slug: 'how-do-i-contact-a-seller',
        q: ['How do I contact a seller?', 'كيف أتواصل مع البائع؟'],
        a: [
          'Choose **Message seller** on the item. The conversation is at **Messages**; you can send text and photos, and you are told of new messages by the bell and by e-mail. Keep the conversation here: it is the record if something goes wrong.',
          'اختر **راسل البائع** في صفحة المنتج. تجد المحادثة في **الرسائل**، ويمكنك إرسال النصوص والصور، ويصلك تنبيه بالرسائل الجديدة في الجرس وبالبريد الإلكتروني. أبقِ المحادثة هنا، فهي السجل إذا حدثت مشكلة.',
        ],
      },
      {
        slug: 'how-do-i-report-something',
        q: ['How do I report a listing, a conversation or a person?', 'كيف أبلغ عن إعلان أو محادثة أو شخص؟'],
        a: [
          "Choose **Report** on the listing, in the conversation or on the person's public page, pick a reason and add details. Reports need a verified address. Our moderators read every report and may remove a listing, warn or suspend an account; the person reported is not told who reported them.",
          'اختر **إبلاغ** في صفحة الإعلان أو في المحادثة أو في صفحة الشخص العامة، ثم اختر السبب وأضف التفاصيل. البلاغ يحتاج إلى بريد مؤكد. يقرأ المشرفون كل بلاغ، وقد يزيلون الإعلان أو يحذرون صاحب الحساب أو يوقفونه، ولا يُخبر الشخص بمن أبلغ عنه.',
        ],
      },
      {
        slug: 'how-do-i-block-someone',
        q: ['How do I block someone?', 'كيف أحظر شخصًا؟'],
        a: [
          "Choose **Block** on their public page or in your conversation with them. They can no longer message you or order from you, and you do not see each other's listings. You can unblock them at **Blocked people** in your account.",
          'اختر **حظر** في صفحته العامة أو في محادثتك معه. لن يتمكن من مراسلتك أو الطلب منك، ولن يرى أحدكما إعلانات الآخر. يمكنك إلغاء الحظر من **الأشخاص المحظورون** في حسابك.',
        ],
      },
      {
        slug: 'how-do-i-spot-a-scam',
        q: ['How do I spot a scam?', 'كيف أكتشف الاحتيال؟'],
        a: [
          'Be careful when someone asks you to pay before you see the item, to pay through a link or a courier, to move the conversation off Marketplace, or offers a price far below others. Real buyers and sellers meet and pay on hand-over. Read our [safety tips](/safety) and report anything that looks wrong.',
          'احذر إذا طلب منك أحد الدفع قبل رؤية المنتج، أو الدفع عبر رابط أو شركة شحن، أو نقل المحادثة خارج السوق، أو عرض سعرًا أقل بكثير من غيره. المشترون والبائعون الحقيقيون يلتقون ويدفعون عند التسليم. اقرأ [نصائح الأمان](/safety) وأبلغ عن كل ما يبدو مريبًا.',
        ],
      },
    ],
  },
  {
    slug: 'account-and-privacy',
    name: ['Account and privacy', 'الحساب والخصوصية'],
    questions: [
      {
        slug: 'how-do-i-delete-my-account',
        q: ['How do I delete my account?', 'كيف أحذف حسابي؟'],
        a: [
          'Go to **Your data and deleting your account** in your account menu and confirm with your password. It is refused while you have an open order as buyer or seller: finish or cancel those first. Deleting removes your listings and erases your name, e-mail, photo and the rest of your profile; the other side of a past order sees "Deleted user".',
          'اذهب إلى **بياناتك وحذف حسابك** من قائمة حسابك وأكّد بكلمة المرور. لا يمكن الحذف ما دام لديك طلب مفتوح كمشترٍ أو بائع، فأكمله أو ألغه أولًا. يزيل الحذف إعلاناتك ويمحو اسمك وبريدك وصورتك وبقية ملفك، ويرى الطرف الآخر في الطلبات السابقة «مستخدم محذوف».',
        ],
      },
      {
        slug: 'how-do-i-download-my-data',
        q: ['How do I download my data?', 'كيف أنزّل بياناتي؟'],
        a: [
          "At **Your data and deleting your account**, choose **Download my data**. You get one JSON file with your profile, listings, orders with their history and reviews, the messages you wrote, favourites, saved searches, notification settings and sessions. It never holds passwords or other people's details beyond what your orders say.",
          'من **بياناتك وحذف حسابك**، اختر **تنزيل بياناتي**. تحصل على ملف واحد (بصيغة جيسون) فيه ملفك وإعلاناتك وطلباتك مع سجلها وتقييماتها والرسائل التي كتبتها والمفضلة وعمليات البحث المحفوظة وإعدادات التنبيهات والجلسات. لا يحتوي أبدًا على كلمات المرور أو بيانات الآخرين إلا ما تذكره طلباتك.',
        ],
      },
      {
        slug: 'how-do-i-choose-which-emails-i-get',
        q: ['How do I choose which e-mails I get?', 'كيف أختار الرسائل التي تصلني بالبريد؟'],
        a: [
          "At **Notification settings** choose, for each kind (orders, messages, favourites, saved searches), whether it comes by the bell, by e-mail or both. Every e-mail has an unsubscribe link. E-mails about your account's security always come.",
          'من **إعدادات التنبيهات** اختر لكل نوع (الطلبات، الرسائل، المفضلة، عمليات البحث المحفوظة) هل يصلك في الجرس أو بالبريد أو كليهما. في كل رسالة بريد رابط لإلغاء الاشتراك. رسائل أمان حسابك تصلك دائمًا.',
        ],
      },
      {
        slug: 'how-do-i-keep-my-account-safe',
        q: ['How do I keep my account safe?', 'كيف أحافظ على أمان حسابي؟'],
        a: [
          'Use a password you use nowhere else. At **Password and security** you can change it and see the devices signed in, and sign any of them out; a new password signs out every other device. We never ask for your password by e-mail or message.',
          'استخدم كلمة مرور لا تستخدمها في مكان آخر. من **كلمة المرور والأمان** يمكنك تغييرها ورؤية الأجهزة المسجلة الدخول وتسجيل خروج أي منها، وكلمة المرور الجديدة تسجل الخروج من كل الأجهزة الأخرى. لا نطلب كلمة مرورك أبدًا بالبريد أو في رسالة.',
        ],
      },
    ],
  },
];

type PageWords = readonly [title: string, body: string];

export const HELP_PAGES: Readonly<Record<ContentPageSlug, { en: PageWords; ar: PageWords }>> = {
  safety: {
    en: [
      'Safety tips',
      "## Meeting\n- Meet in a busy public place in daylight: a mall, a café, a petrol station.\n- Tell a friend where you are going, or bring one.\n- For large items at home, have someone with you.\n\n## Paying\n- **Pay on hand-over**, after you have checked the item. Marketplace takes no payments.\n- Never pay in advance, by gift cards, or through a link or courier someone sends you.\n- Count cash in front of each other; for a bank transfer, wait until it has arrived before handing over.\n\n## Spotting scams\n- A price far below others, pressure to decide now, or a story about being abroad.\n- Asking to move the conversation to another app or to share a code sent to your phone.\n- Keep talking in Marketplace's messages: they are the record if something goes wrong.\n\n## If something goes wrong\nUse **Report** on the listing, the conversation or the person, and **Block** to stop them contacting you. You can also [contact us](/support).",
    ],
    ar: [
      'نصائح الأمان',
      '## اللقاء\n- التقِ في مكان عام مزدحم وفي النهار: مركز تسوق أو مقهى أو محطة وقود.\n- أخبر صديقًا بمكانك أو اصطحبه معك.\n- للأغراض الكبيرة في المنزل، ليكن معك شخص آخر.\n\n## الدفع\n- **ادفع عند التسليم** بعد أن تفحص المنتج. السوق لا يستلم المدفوعات.\n- لا تدفع مقدمًا أبدًا، ولا ببطاقات الهدايا، ولا عبر رابط أو شركة شحن يرسلها إليك أحد.\n- عُدّا النقود أمام بعضكما، وفي التحويل البنكي انتظر وصوله قبل التسليم.\n\n## اكتشاف الاحتيال\n- سعر أقل بكثير من غيره، أو ضغط لتقرر الآن، أو قصة عن السفر خارج البلاد.\n- طلب نقل المحادثة إلى تطبيق آخر أو مشاركة رمز وصل إلى هاتفك.\n- تابع الحديث في رسائل السوق، فهي السجل إذا حدثت مشكلة.\n\n## إذا حدثت مشكلة\nاستخدم **إبلاغ** في الإعلان أو المحادثة أو صفحة الشخص، و**حظر** لمنعه من التواصل معك. ويمكنك أيضًا [التواصل معنا](/support).',
    ],
  },
  terms: {
    en: [
      'Terms of use',
      '## Who we are\nMarketplace is a place where people and companies in the United Arab Emirates list items and find buyers. We are not a party to your sales: the buyer and the seller agree, meet and pay each other.\n\n## Your account\n- You must give true details and keep your password to yourself.\n- Buying, making offers, publishing and reporting need a verified e-mail address.\n- One person, one account. Staff may warn or suspend an account that breaks these terms.\n\n## Listings\n- List only what you own and may sell; describe it honestly, with your own photos.\n- Forbidden: weapons, drugs, stolen goods, counterfeits, animals, anything illegal in the UAE.\n- Our moderators may remove a listing after a report; its open orders then end.\n\n## Orders\nAn accepted order holds the units for the buyer. Either side may cancel an accepted order, with a reason. A buyer may report a problem within 48 hours of receipt.\n\n## Messages\nBe polite. No spam, no harassment, no asking for payment outside a hand-over.\n\n## Changes\nWhen these terms change, this page shows the date; using Marketplace afterwards means you accept them.',
    ],
    ar: [
      'شروط الاستخدام',
      '## من نحن\nالسوق مكان يعرض فيه الأفراد والشركات في الإمارات العربية المتحدة منتجاتهم ويجدون مشترين. لسنا طرفًا في البيع: يتفق المشتري والبائع ويلتقيان ويدفع أحدهما للآخر.\n\n## حسابك\n- يجب أن تقدم بيانات صحيحة وأن تحتفظ بكلمة مرورك لنفسك.\n- الشراء وتقديم العروض والنشر والإبلاغ تحتاج إلى بريد إلكتروني مؤكد.\n- لكل شخص حساب واحد. قد ينذر فريقنا الحساب المخالف لهذه الشروط أو يوقفه.\n\n## الإعلانات\n- اعرض فقط ما تملكه ويحق لك بيعه، وصِفه بصدق وبصورك أنت.\n- ممنوع: الأسلحة والمخدرات والمسروقات والمقلدات والحيوانات وكل ما يخالف قوانين الدولة.\n- قد يزيل المشرفون الإعلان بعد بلاغ، وتنتهي عندها طلباته المفتوحة.\n\n## الطلبات\nالطلب المقبول يحجز الكمية للمشتري. يمكن لأي طرف إلغاء الطلب المقبول مع ذكر السبب، ويمكن للمشتري الإبلاغ عن مشكلة خلال 48 ساعة من الاستلام.\n\n## الرسائل\nكن مهذبًا. لا رسائل مزعجة ولا مضايقات ولا طلب دفع خارج التسليم.\n\n## التغييرات\nعندما تتغير هذه الشروط تُظهر هذه الصفحة التاريخ، واستخدامك للسوق بعدها يعني قبولك لها.',
    ],
  },
  privacy: {
    en: [
      'Privacy',
      '## What we store\n- Your account: name, e-mail address, password (only as a hash), language, and what you add to your profile (photo, phone, city, birthday, company).\n- What you do here: listings and their photos, orders and their history, reviews, messages and photos in conversations, favourites, saved searches, reports, notifications and your notification settings.\n- Sessions: the device\'s browser name and when it was last used, so you can see and end them.\n\n## For how long\n- A session ends after 2 hours without use and after 7 days at most.\n- Sent e-mails are kept for 30 days, then deleted.\n- Everything else is kept while your account exists.\n\n## Your data\n- **Download** it at any time as one file: *Your data and deleting your account* in your account menu.\n- **Delete** your account there: your listings are removed and your name, e-mail, photo and profile erased at once. Orders stay for the other side, showing "Deleted user"; your messages stay in their conversations.\n\n## E-mails\nChoose at *Notification settings* which news comes by e-mail; every e-mail has an unsubscribe link. Account e-mails (verification, password, deletion) always come.\n\n## Who sees what\nOther people see your name, photo, city, listings and ratings. Your e-mail address is never shown. We share nothing with advertisers.',
    ],
    ar: [
      'الخصوصية',
      '## ما نحفظه\n- حسابك: الاسم والبريد الإلكتروني وكلمة المرور (مشفرة فقط) واللغة وما تضيفه إلى ملفك (الصورة والهاتف والمدينة وتاريخ الميلاد والشركة).\n- ما تفعله هنا: الإعلانات وصورها، والطلبات وسجلها، والتقييمات، والرسائل والصور في المحادثات، والمفضلة، وعمليات البحث المحفوظة، والبلاغات، والتنبيهات وإعداداتها.\n- الجلسات: اسم متصفح الجهاز وآخر استخدام له، لتتمكن من رؤيتها وإنهائها.\n\n## إلى متى\n- تنتهي الجلسة بعد ساعتين دون استخدام، وبعد 7 أيام على الأكثر.\n- نحتفظ برسائل البريد المرسلة 30 يومًا ثم نحذفها.\n- ونحتفظ بكل ما عدا ذلك ما دام حسابك موجودًا.\n\n## بياناتك\n- **نزّلها** في أي وقت في ملف واحد: *بياناتك وحذف حسابك* من قائمة حسابك.\n- **احذف** حسابك من هناك: تُزال إعلاناتك ويُمحى اسمك وبريدك وصورتك وملفك فورًا. تبقى الطلبات للطرف الآخر باسم «مستخدم محذوف»، وتبقى رسائلك في محادثاتها.\n\n## البريد الإلكتروني\nاختر من *إعدادات التنبيهات* ما يصلك بالبريد، وفي كل رسالة رابط لإلغاء الاشتراك. رسائل الحساب (التأكيد وكلمة المرور والحذف) تصلك دائمًا.\n\n## من يرى ماذا\nيرى الآخرون اسمك وصورتك ومدينتك وإعلاناتك وتقييماتك. لا يظهر بريدك الإلكتروني أبدًا، ولا نشارك شيئًا مع المعلنين.',
    ],
  },
  about: {
    en: [
      'About Marketplace',
      'Marketplace is where people and companies across the United Arab Emirates buy and sell what they no longer need, in English and in Arabic.\n\n## How it works\n- Sellers list items with photos and a price.\n- Buyers buy at that price or make an offer; the two sides can counter up to three prices in all.\n- They meet, the buyer checks the item and pays on hand-over, and both can review each other.\n\n## Our team\nA small team keeps the marketplace safe: moderators read every report, and support answers your questions. Start at the [help centre](/help), or [contact us](/support).',
    ],
    ar: [
      'عن السوق',
      'السوق هو المكان الذي يبيع فيه الأفراد والشركات في أنحاء الإمارات العربية المتحدة ما لم يعودوا يحتاجونه ويشترون، بالعربية والإنجليزية.\n\n## كيف يعمل\n- يعرض البائعون منتجاتهم بالصور والسعر.\n- يشتري المشترون بذلك السعر أو يقدمون عرضًا، ويمكن للطرفين تبادل ثلاثة أسعار في المجموع.\n- يلتقيان، ويفحص المشتري المنتج ويدفع عند التسليم، ويقيّم كل منهما الآخر.\n\n## فريقنا\nفريق صغير يحافظ على أمان السوق: يقرأ المشرفون كل بلاغ، ويجيب فريق الدعم عن أسئلتك. ابدأ من [مركز المساعدة](/help) أو [تواصل معنا](/support).',
    ],
  },
};

/** Adds what is missing of the help centre's topics, questions and pages; never changes what exists. */
export async function seedHelpCentre(db: Kysely<Database>): Promise<void> {
  await db
    .insertInto('help_topics')
    .values(
      HELP_TOPICS.map((topic, index) => ({
        slug: topic.slug,
        name: topic.name[0],
        name_ar: topic.name[1],
        position: index + 1,
      })),
    )
    .onConflict((conflict) => conflict.column('slug').doNothing())
    .execute();
  const topics = await db.selectFrom('help_topics').select(['id', 'slug']).execute();
  const topicIds = new Map(topics.map((topic) => [topic.slug, topic.id]));
  const questions = HELP_TOPICS.flatMap((topic) => {
    const topicId = topicIds.get(topic.slug);
    if (topicId === undefined) throw new Error(`help topic ${topic.slug} was not seeded`);
    return topic.questions.map((question, index) => ({
      topic_id: topicId,
      slug: question.slug,
      question: question.q[0],
      question_ar: question.q[1],
      answer: question.a[0],
      answer_ar: question.a[1],
      position: index + 1,
    }));
  });
  await db
    .insertInto('help_questions')
    .values(questions)
    .onConflict((conflict) => conflict.column('slug').doNothing())
    .execute();
  for (const [slug, { en, ar }] of Object.entries(HELP_PAGES) as [ContentPageSlug, (typeof HELP_PAGES)['about']][]) {
    const content = { title: en[0], title_ar: ar[0], body: en[1], body_ar: ar[1] };
    const added = await db
      .insertInto('help_pages')
      .values({ slug, ...content, version: 1 })
      .onConflict((conflict) => conflict.column('slug').doNothing())
      .returning('slug')
      .executeTakeFirst();
    if (added)
      await db
        .insertInto('help_page_versions')
        .values({ slug, version: 1, ...content, created_by: null })
        .execute();
  }
}
