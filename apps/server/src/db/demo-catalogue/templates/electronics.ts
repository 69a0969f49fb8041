import {
  CONDITION_LINES,
  conditionFor,
  product,
  productTemplate,
  template,
  usedPrice,
  type ListingTemplate,
  type SellerType,
} from '../listing-template';

type Storage = '64gb' | '128gb' | '256gb' | '512gb' | '1tb' | '2tb';
const STORAGE_LABELS: Record<Storage, string> = {
  '64gb': '64 GB',
  '128gb': '128 GB',
  '256gb': '256 GB',
  '512gb': '512 GB',
  '1tb': '1 TB',
  '2tb': '2 TB',
};

interface Phone {
  name: string;
  brand: string;
  /** The price new with the smallest storage; each step up adds about 15%. */
  newAed: number;
  storages: readonly Storage[];
}

const phone = (name: string, brand: string, newAed: number, storages: Storage[]): Phone => ({
  name,
  brand,
  newAed,
  storages,
});

const PHONES: readonly Phone[] = [
  phone('iPhone 15 Pro', 'apple', 4_299, ['128gb', '256gb', '512gb']),
  phone('Samsung Galaxy S24 Ultra', 'samsung', 4_999, ['256gb', '512gb', '1tb']),
  phone('iPhone 13', 'apple', 2_499, ['128gb', '256gb']),
  phone('Google Pixel 8 Pro', 'google', 3_599, ['128gb', '256gb']),
  phone('iPhone 16 Pro Max', 'apple', 5_099, ['256gb', '512gb', '1tb']),
  phone('Samsung Galaxy A55', 'samsung', 1_599, ['128gb', '256gb']),
  phone('Huawei P60 Pro', 'huawei', 3_899, ['256gb', '512gb']),
  phone('iPhone 14', 'apple', 2_999, ['128gb', '256gb']),
  phone('Xiaomi 14T Pro', 'xiaomi', 2_599, ['256gb', '512gb']),
  phone('Samsung Galaxy Z Flip6', 'samsung', 4_099, ['256gb', '512gb']),
  phone('OnePlus 12', 'oneplus', 3_199, ['256gb', '512gb']),
  phone('iPhone 16', 'apple', 3_399, ['128gb', '256gb', '512gb']),
  phone('Xiaomi Redmi Note 13 Pro', 'xiaomi', 1_099, ['256gb']),
  phone('Samsung Galaxy S23', 'samsung', 3_099, ['128gb', '256gb']),
  phone('Oppo Reno 11', 'oppo', 1_699, ['256gb']),
  phone('Nokia G42', 'nokia', 799, ['128gb']),
];

const sellerLine = (seller: SellerType, random: { pick<T>(items: readonly T[]): T }) =>
  seller === 'company'
    ? random.pick([
        'One-year warranty from us; VAT invoice with every sale.',
        'UAE version with local warranty. Same-day delivery in the emirate.',
      ])
    : random.pick([
        'Selling because I upgraded.',
        'Always used with a case and screen protector.',
        'Original box and receipt included.',
      ]);

export const mobilePhones = template('mobile-phones', PHONES, (item, random, seller) => {
  const step = random.int(0, item.storages.length - 1);
  const storage = item.storages[step] ?? '128gb';
  const condition = conditionFor(seller, random);
  const battery = random.int(82, 97);
  const detail = condition === 'new' ? 'new, sealed' : item.brand === 'apple' ? `battery ${battery}%` : '';
  return {
    title: [item.name, STORAGE_LABELS[storage], detail].filter(Boolean).join(', '),
    about: [
      `${item.name} with ${STORAGE_LABELS[storage]} of storage${condition === 'new' ? '' : item.brand === 'apple' ? `, battery health ${battery}%` : ''}.`,
      random.pick(CONDITION_LINES[condition]),
      sellerLine(seller, random),
    ],
    condition,
    priceAed: usedPrice(item.newAed * 1.15 ** step, condition, random),
    negotiable: seller === 'individual' && random.chance(0.6),
    attributes: { brand: item.brand, storage },
    photo: 'phone',
    deliverable: true,
    stocked: true,
  };
});

interface Laptop {
  name: string;
  brand: string;
  newAed: number;
  memory: readonly number[];
  storages: readonly Storage[];
}

const laptop = (name: string, brand: string, newAed: number, memory: number[], storages: Storage[]): Laptop => ({
  name,
  brand,
  newAed,
  memory,
  storages,
});

const LAPTOPS: readonly Laptop[] = [
  laptop('MacBook Air 13-inch M2', 'apple', 4_199, [8, 16], ['256gb', '512gb']),
  laptop('Dell XPS 13, Core i7', 'dell', 5_499, [16, 32], ['512gb', '1tb']),
  laptop('Lenovo ThinkPad X1 Carbon Gen 11', 'lenovo', 6_800, [16, 32], ['512gb', '1tb']),
  laptop('MacBook Pro 14-inch M3 Pro', 'apple', 8_999, [18, 36], ['512gb', '1tb']),
  laptop('HP EliteBook 840 G9', 'hp', 3_900, [16], ['512gb']),
  laptop('Asus ROG Zephyrus G14', 'asus', 6_499, [16, 32], ['1tb']),
  laptop('Lenovo Legion 5, RTX 4060', 'lenovo', 5_299, [16, 32], ['1tb']),
  laptop('HP Spectre x360 14', 'hp', 6_299, [16], ['1tb', '2tb']),
  laptop('Microsoft Surface Laptop 5', 'microsoft', 3_999, [8, 16], ['256gb', '512gb']),
  laptop('Acer Swift Go 14', 'acer', 2_999, [16], ['512gb']),
  laptop('Asus Zenbook 14 OLED', 'asus', 3_699, [16], ['512gb', '1tb']),
  laptop('Dell Latitude 7440', 'dell', 4_200, [16], ['512gb']),
];

export const laptops = template('laptops', LAPTOPS, (item, random, seller) => {
  const memory = random.pick(item.memory);
  const storage = random.pick(item.storages);
  const condition = conditionFor(seller, random);
  const upgrade = 1 + item.memory.indexOf(memory) * 0.2 + item.storages.indexOf(storage) * 0.12;
  return {
    title: `${item.name}, ${memory} GB RAM, ${STORAGE_LABELS[storage]}${condition === 'new' ? ', new' : ''}`,
    about: [
      `${item.name} with ${memory} GB of memory and a ${STORAGE_LABELS[storage]} SSD.`,
      random.pick(CONDITION_LINES[condition]),
      condition === 'new' ? 'Comes with the charger and all original accessories.' : 'Charger included.',
      sellerLine(seller, random),
    ],
    condition,
    priceAed: usedPrice(item.newAed * upgrade, condition, random),
    negotiable: seller === 'individual' && random.chance(0.6),
    attributes: { brand: item.brand, storage, memory },
    photo: 'laptop',
    deliverable: true,
    stocked: true,
  };
});

export const tvsAudio = productTemplate('tvs-audio', 'tv', [
  product('Samsung 55-inch QLED 4K TV', 3_299, 'Q80C model; wall mount and stand included.'),
  product('Sony WH-1000XM5 noise-cancelling headphones', 1_399, 'Case and cable included.', { photo: 'headphones' }),
  product('LG 65-inch OLED evo C3', 6_999, 'Dolby Vision and 120 Hz for gaming; remote and stand included.'),
  product('Bose QuietComfort Ultra headphones', 1_599, 'Black, with the carry case.', { photo: 'headphones' }),
  product('Sony Bravia 50-inch 4K Google TV', 2_499, 'X80K; Netflix, YouTube and Shahid built in.'),
  product('Apple AirPods Max', 2_299, 'With the Smart Case and USB-C cable.', { photo: 'headphones' }),
  product('TCL 43-inch 4K Google TV', 1_099, 'Ideal for a bedroom; wall bracket included.'),
  product('Sennheiser Momentum 4 Wireless', 1_299, '60-hour battery; case included.', { photo: 'headphones' }),
  product('Hisense 75-inch ULED TV', 4_299, 'Big screen for the majlis; stand included.'),
  product('JBL Tune 760NC headphones', 399, 'Foldable, noise-cancelling, all accessories.', { photo: 'headphones' }),
]);

export const cameras = productTemplate('cameras', 'camera', [
  product('Canon EOS R6 Mark II body', 9_499, '24 MP full frame, 4K 60p video; two batteries included.'),
  product('Sony Alpha A7 III with 28–70 mm lens', 6_999, 'Full frame; strap, charger and 64 GB card included.'),
  product('Canon EOS 250D with 18–55 mm lens', 2_699, 'Great first DSLR; bag and charger included.'),
  product('Nikon Z6 II body', 7_499, 'Comes with the FTZ adapter for F-mount lenses.'),
  product('Fujifilm X-T4 with 18–55 mm lens', 6_499, 'Silver body; extra battery and grip.'),
  product('Sony ZV-E10 vlogging kit', 2_799, 'With the 16–50 mm lens, grip and wind muff.'),
  product('Nikon D7500 with 18–140 mm lens', 4_199, 'Weather-sealed body; strap and charger included.'),
]);

const platform = (value: string) => ({ attributes: { platform: value } });

export const gaming = productTemplate('gaming', 'game-controller', [
  product(
    'PlayStation 5 disc edition with 2 controllers',
    2_099,
    'Two DualSense controllers, HDMI cable.',
    platform('playstation'),
  ),
  product('Nintendo Switch OLED with 3 games', 1_499, 'Mario Kart 8, Zelda and Animal Crossing.', platform('nintendo')),
  product('Xbox Series X, 1 TB', 2_099, '4K at up to 120 fps; one controller included.', platform('xbox')),
  product('DualSense controller for PS5', 299, 'Works with PS5 and PC; USB-C cable included.', platform('playstation')),
  product('Xbox Series S, 512 GB', 1_199, 'Compact and quiet; one controller.', platform('xbox')),
  product('PlayStation 5 Slim digital edition', 1_799, '1 TB SSD; one controller included.', platform('playstation')),
  product('Razer Wolverine V2 controller for PC', 399, 'Wired, with remappable buttons.', platform('pc')),
  product('Xbox wireless controller', 229, 'Carbon black, with rechargeable battery.', platform('xbox')),
]);

export const ELECTRONICS_TEMPLATES: readonly ListingTemplate[] = [mobilePhones, laptops, tvsAudio, cameras, gaming];
