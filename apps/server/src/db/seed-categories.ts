import type { TradeKind } from '@marketplace/contracts';
import type { StoredCategoryAttribute } from './schema';

/** A category as seeded: its place in the tree, names in both languages, and its own fields. */
export interface SeedCategory {
  slug: string;
  name: string;
  name_ar: string;
  /** The drawing on its tile (apps/web/src/features/catalogue/components/category-icon.tsx). */
  icon: string;
  attributes?: StoredCategoryAttribute[];
  /** How its listings trade (issue 32); left out: items (Buy, offers, delivery). */
  trade_kind?: TradeKind;
  children?: SeedCategory[];
}

type Option = [value: string, label: string, labelAr: string];
const options = (list: Option[]) => list.map(([value, label, label_ar]) => ({ value, label, label_ar }));
/** Brands as Arabic readers in the UAE write them (the region's Arabic classifieds do the same). */
const BRANDS_AR: Readonly<Record<string, string>> = {
  Toyota: 'تويوتا',
  Nissan: 'نيسان',
  Lexus: 'لكزس',
  'Mercedes-Benz': 'مرسيدس بنز',
  BMW: 'بي إم دبليو',
  'Land Rover': 'لاند روفر',
  Ford: 'فورد',
  Chevrolet: 'شيفروليه',
  Hyundai: 'هيونداي',
  Kia: 'كيا',
  Mitsubishi: 'ميتسوبيشي',
  Honda: 'هوندا',
  Audi: 'أودي',
  Porsche: 'بورشه',
  Yamaha: 'ياماها',
  Kawasaki: 'كاواساكي',
  Suzuki: 'سوزوكي',
  'Harley-Davidson': 'هارلي ديفيدسون',
  Ducati: 'دوكاتي',
  Apple: 'أبل',
  Samsung: 'سامسونج',
  Huawei: 'هواوي',
  Xiaomi: 'شاومي',
  Google: 'جوجل',
  OnePlus: 'ون بلس',
  Oppo: 'أوبو',
  Nokia: 'نوكيا',
  Dell: 'ديل',
  HP: 'إتش بي',
  Lenovo: 'لينوفو',
  Asus: 'أسوس',
  Acer: 'أيسر',
  Microsoft: 'مايكروسوفت',
  Rolex: 'رولكس',
  Omega: 'أوميغا',
  Casio: 'كاسيو',
  Seiko: 'سيكو',
  'Tag Heuer': 'تاغ هوير',
};
const brands = (list: string[]) =>
  list.map((name) => ({
    value: name.toLowerCase().replaceAll(/[^a-z0-9]+/g, '-'),
    label: name,
    label_ar: BRANDS_AR[name] ?? name,
  }));

const year = (label = 'Year', labelAr = 'سنة الصنع'): StoredCategoryAttribute => ({
  key: 'year',
  label,
  label_ar: labelAr,
  type: 'number',
  number_format: 'year',
  min: 1950,
  max: 2027,
  required: true,
  filterable: true,
});

const kilometres: StoredCategoryAttribute = {
  key: 'kilometres',
  label: 'Kilometres',
  label_ar: 'المسافة المقطوعة',
  type: 'number',
  unit: 'km',
  unit_ar: 'كم',
  min: 0,
  max: 2_000_000,
  required: true,
  filterable: true,
};

const propertyFields = (forRent: boolean): StoredCategoryAttribute[] => [
  {
    key: 'property_type',
    label: 'Property type',
    label_ar: 'نوع العقار',
    type: 'enum',
    required: true,
    filterable: true,
    options: options([
      ['apartment', 'Apartment', 'شقة'],
      ['villa', 'Villa', 'فيلا'],
      ['townhouse', 'Townhouse', 'تاون هاوس'],
      ['studio', 'Studio', 'استوديو'],
      ['office', 'Office', 'مكتب'],
    ]),
  },
  {
    key: 'bedrooms',
    label: 'Bedrooms',
    label_ar: 'غرف النوم',
    type: 'number',
    min: 0,
    max: 12,
    required: true,
    filterable: true,
  },
  {
    key: 'bathrooms',
    label: 'Bathrooms',
    label_ar: 'الحمّامات',
    type: 'number',
    min: 0,
    max: 12,
    required: true,
    filterable: true,
  },
  {
    key: 'size',
    label: 'Size',
    label_ar: 'المساحة',
    type: 'number',
    unit: 'm²',
    unit_ar: 'م²',
    min: 10,
    max: 100_000,
    required: true,
    filterable: true,
  },
  ...(forRent
    ? [
        {
          key: 'furnished',
          label: 'Furnished',
          label_ar: 'مفروش',
          type: 'boolean',
          filterable: true,
        } satisfies StoredCategoryAttribute,
      ]
    : []),
];

const brand = (list: string[]): StoredCategoryAttribute => ({
  key: 'brand',
  label: 'Brand',
  label_ar: 'العلامة التجارية',
  type: 'enum',
  required: true,
  filterable: true,
  options: [...brands(list), { value: 'other', label: 'Other', label_ar: 'أخرى' }],
});

const storage = (sizes: string[]): StoredCategoryAttribute => ({
  key: 'storage',
  label: 'Storage',
  label_ar: 'سعة التخزين',
  type: 'enum',
  filterable: true,
  options: sizes.map((size) => ({
    value: size.toLowerCase().replace(' ', ''),
    label: size,
    label_ar: size.replace('GB', 'غيغابايت').replace('TB', 'تيرابايت'),
  })),
});

const clothingSize: StoredCategoryAttribute = {
  key: 'size',
  label: 'Size',
  label_ar: 'المقاس',
  type: 'enum',
  filterable: true,
  options: ['XS', 'S', 'M', 'L', 'XL', 'XXL'].map((size) => ({
    value: size.toLowerCase(),
    label: size,
    label_ar: size,
  })),
};

/** The tree every start seeds (added or renamed by slug; never deleted, listings may point at it). */
export const CATEGORY_TREE: SeedCategory[] = [
  {
    slug: 'vehicles',
    name: 'Vehicles',
    name_ar: 'المركبات',
    icon: 'car',
    children: [
      {
        slug: 'cars',
        name: 'Cars',
        name_ar: 'سيارات',
        icon: 'car',
        trade_kind: 'sale_contact',
        attributes: [
          brand([
            'Toyota',
            'Nissan',
            'Lexus',
            'Mercedes-Benz',
            'BMW',
            'Land Rover',
            'Ford',
            'Chevrolet',
            'Hyundai',
            'Kia',
            'Mitsubishi',
            'Honda',
            'Audi',
            'Porsche',
          ]),
          { key: 'model', label: 'Model', label_ar: 'الطراز', type: 'text', required: true },
          year(),
          kilometres,
          {
            key: 'transmission',
            label: 'Transmission',
            label_ar: 'ناقل الحركة',
            type: 'enum',
            filterable: true,
            options: options([
              ['automatic', 'Automatic', 'أوتوماتيكي'],
              ['manual', 'Manual', 'يدوي'],
            ]),
          },
          {
            key: 'fuel',
            label: 'Fuel',
            label_ar: 'الوقود',
            type: 'enum',
            filterable: true,
            options: options([
              ['petrol', 'Petrol', 'بنزين'],
              ['diesel', 'Diesel', 'ديزل'],
              ['hybrid', 'Hybrid', 'هجين'],
              ['electric', 'Electric', 'كهربائي'],
            ]),
          },
        ],
      },
      {
        slug: 'motorcycles',
        name: 'Motorcycles',
        name_ar: 'دراجات نارية',
        icon: 'motorcycle',
        trade_kind: 'sale_contact',
        attributes: [
          brand(['Honda', 'Yamaha', 'Kawasaki', 'Suzuki', 'Harley-Davidson', 'BMW', 'Ducati']),
          year(),
          kilometres,
        ],
      },
      { slug: 'auto-parts', name: 'Auto parts', name_ar: 'قطع غيار السيارات', icon: 'wheel' },
    ],
  },
  {
    slug: 'property',
    name: 'Property',
    name_ar: 'العقارات',
    icon: 'building',
    children: [
      {
        slug: 'property-for-rent',
        name: 'Property for rent',
        name_ar: 'عقارات للإيجار',
        icon: 'building',
        trade_kind: 'rent',
        attributes: propertyFields(true),
      },
      {
        slug: 'property-for-sale',
        name: 'Property for sale',
        name_ar: 'عقارات للبيع',
        icon: 'house',
        trade_kind: 'sale_contact',
        attributes: propertyFields(false),
      },
    ],
  },
  {
    slug: 'electronics',
    name: 'Electronics',
    name_ar: 'الإلكترونيات',
    icon: 'phone',
    children: [
      {
        slug: 'mobile-phones',
        name: 'Mobile phones',
        name_ar: 'هواتف محمولة',
        icon: 'phone',
        attributes: [
          brand(['Apple', 'Samsung', 'Huawei', 'Xiaomi', 'Google', 'OnePlus', 'Oppo', 'Nokia']),
          storage(['64 GB', '128 GB', '256 GB', '512 GB', '1 TB']),
        ],
      },
      {
        slug: 'laptops',
        name: 'Laptops',
        name_ar: 'حواسيب محمولة',
        icon: 'laptop',
        attributes: [
          brand(['Apple', 'Dell', 'HP', 'Lenovo', 'Asus', 'Acer', 'Microsoft']),
          storage(['256 GB', '512 GB', '1 TB', '2 TB']),
          {
            key: 'memory',
            label: 'Memory',
            label_ar: 'الذاكرة',
            type: 'number',
            unit: 'GB',
            unit_ar: 'غيغابايت',
            min: 2,
            max: 256,
            filterable: true,
          },
        ],
      },
      { slug: 'tvs-audio', name: 'TVs and audio', name_ar: 'تلفزيونات وصوتيات', icon: 'tv' },
      { slug: 'cameras', name: 'Cameras', name_ar: 'كاميرات', icon: 'camera' },
      {
        slug: 'gaming',
        name: 'Video games and consoles',
        name_ar: 'ألعاب الفيديو وأجهزتها',
        icon: 'gamepad',
        attributes: [
          {
            key: 'platform',
            label: 'Platform',
            label_ar: 'المنصة',
            type: 'enum',
            filterable: true,
            options: options([
              ['playstation', 'PlayStation', 'بلايستيشن'],
              ['xbox', 'Xbox', 'إكس بوكس'],
              ['nintendo', 'Nintendo', 'نينتندو'],
              ['pc', 'PC', 'حاسوب شخصي'],
            ]),
          },
        ],
      },
    ],
  },
  {
    slug: 'home-garden',
    name: 'Home and garden',
    name_ar: 'المنزل والحديقة',
    icon: 'sofa',
    children: [
      {
        slug: 'furniture',
        name: 'Furniture',
        name_ar: 'أثاث',
        icon: 'sofa',
        attributes: [
          {
            key: 'furniture_type',
            label: 'Type',
            label_ar: 'النوع',
            type: 'enum',
            required: true,
            filterable: true,
            options: options([
              ['sofa', 'Sofa', 'أريكة'],
              ['bed', 'Bed', 'سرير'],
              ['table', 'Table', 'طاولة'],
              ['chair', 'Chair', 'كرسي'],
              ['wardrobe', 'Wardrobe', 'خزانة ملابس'],
              ['desk', 'Desk', 'مكتب'],
            ]),
          },
          { key: 'material', label: 'Material', label_ar: 'الخامة', type: 'text' },
        ],
      },
      { slug: 'home-appliances', name: 'Home appliances', name_ar: 'أجهزة منزلية', icon: 'fridge' },
      { slug: 'garden', name: 'Garden and plants', name_ar: 'الحديقة والنباتات', icon: 'plant' },
    ],
  },
  {
    slug: 'fashion',
    name: 'Fashion',
    name_ar: 'الأزياء',
    icon: 'shirt',
    children: [
      {
        slug: 'mens-clothing',
        name: "Men's clothing",
        name_ar: 'ملابس رجالية',
        icon: 'shirt',
        attributes: [clothingSize],
      },
      {
        slug: 'womens-clothing',
        name: "Women's clothing",
        name_ar: 'ملابس نسائية',
        icon: 'dress',
        attributes: [clothingSize],
      },
      {
        slug: 'shoes',
        name: 'Shoes',
        name_ar: 'أحذية',
        icon: 'shoe',
        attributes: [
          {
            key: 'shoe_size',
            label: 'EU size',
            label_ar: 'المقاس الأوروبي',
            type: 'number',
            min: 16,
            max: 50,
            decimal: true,
            filterable: true,
          },
        ],
      },
      { slug: 'bags', name: 'Bags', name_ar: 'حقائب', icon: 'bag' },
      {
        slug: 'watches',
        name: 'Watches',
        name_ar: 'ساعات',
        icon: 'watch',
        attributes: [brand(['Rolex', 'Omega', 'Casio', 'Seiko', 'Tag Heuer', 'Apple'])],
      },
    ],
  },
  {
    slug: 'sports-leisure',
    name: 'Sports and leisure',
    name_ar: 'الرياضة والترفيه',
    icon: 'bicycle',
    children: [
      { slug: 'bicycles', name: 'Bicycles', name_ar: 'دراجات هوائية', icon: 'bicycle' },
      { slug: 'fitness', name: 'Fitness', name_ar: 'اللياقة البدنية', icon: 'dumbbell' },
      { slug: 'camping', name: 'Camping', name_ar: 'التخييم', icon: 'tent' },
    ],
  },
  {
    slug: 'kids-baby',
    name: 'Kids and baby',
    name_ar: 'الأطفال والرضّع',
    icon: 'teddy',
    children: [
      { slug: 'toys', name: 'Toys', name_ar: 'ألعاب', icon: 'teddy' },
      { slug: 'strollers', name: 'Strollers and car seats', name_ar: 'عربات ومقاعد أطفال', icon: 'stroller' },
    ],
  },
  {
    slug: 'books-hobbies',
    name: 'Books and hobbies',
    name_ar: 'الكتب والهوايات',
    icon: 'book',
    children: [{ slug: 'books', name: 'Books', name_ar: 'كتب', icon: 'book' }],
  },
];
