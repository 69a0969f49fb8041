import type { Random } from '../../demo-photos/random';
import { product, productTemplate, type ListingTemplate } from '../listing-template';

const clothingSize = (sizes: readonly string[]) => ({
  attributes: (_item: unknown, random: Random) => ({ size: random.pick(sizes) }),
  detail: (attributes: Record<string, unknown>) => `size ${String(attributes.size).toUpperCase()}`,
});

export const mensClothing = productTemplate(
  'mens-clothing',
  'shirt',
  [
    product('Ralph Lauren Oxford shirt', 450, 'Classic fit, button-down collar, cotton.'),
    product('Massimo Dutti linen shirt', 329, 'Light and cool for the summer.'),
    product('Tommy Hilfiger polo shirts, pair', 380, 'Two polos, navy and white.'),
    product('Hugo Boss formal shirt', 520, 'Slim fit, easy-iron cotton.'),
    product('Uniqlo flannel shirts, set of 3', 240, 'Soft brushed cotton, for winter evenings in the desert.'),
    product('Marks & Spencer non-iron shirts, pack of 5', 350, 'Regular fit office shirts.'),
  ],
  clothingSize(['s', 'm', 'm', 'l', 'l', 'xl', 'xxl']),
);

export const womensClothing = productTemplate(
  'womens-clothing',
  'dress',
  [
    product('Zara satin midi dress', 229, 'Flowing satin, adjustable straps.'),
    product('Mango wrap dress', 259, 'Light viscose, perfect for the office or a dinner.'),
    product('Sequinned evening gown', 1_800, 'Worn once to a wedding; professionally cleaned.'),
    product('Reiss midi dress', 850, 'Tailored, fully lined.'),
    product('H&M summer dress', 99, 'Cotton, easy to wear.'),
    product('Self-Portrait lace dress', 1_600, 'Delicate lace with a satin trim.'),
  ],
  clothingSize(['xs', 's', 's', 'm', 'm', 'l']),
);

const shoeSize = (sizes: readonly number[]) => ({
  attributes: (_item: unknown, random: Random) => ({ shoe_size: random.pick(sizes) }),
  detail: (attributes: Record<string, unknown>) => `EU ${String(attributes.shoe_size)}`,
});

export const shoes = productTemplate(
  'shoes',
  'sneakers',
  [
    product('Nike Air Max 90', 549, 'Original, bought from the Nike store in Dubai Mall.'),
    product('Adidas Ultraboost Light', 749, 'Very comfortable running shoes.'),
    product('New Balance 574', 399, 'Suede and mesh, a classic.'),
    product('Asics Gel-Kayano 30', 649, 'Stability running shoes.'),
    product('Converse Chuck 70 high top', 329, 'Canvas, vintage-style sole.'),
    product('Vans Old Skool', 279, 'Skate classic with the side stripe.'),
    product('Puma Suede Classic', 299, 'Soft suede upper.'),
  ],
  shoeSize([37, 38, 38.5, 39, 40, 41, 42, 42.5, 43, 44, 45]),
);

export const bags = productTemplate('bags', 'handbag', [
  product('Michael Kors Jet Set tote', 1_250, 'Saffiano leather, zip top, fits a laptop.'),
  product('Coach Tabby shoulder bag 26', 1_900, 'Pebbled leather, two straps.'),
  product('Longchamp Le Pliage large tote', 650, 'Folds flat; great for travel.'),
  product('Louis Vuitton Neverfull MM', 7_900, 'With the pouch and the original receipt.'),
  product('Charles & Keith chain shoulder bag', 329, 'Compact, for an evening out.'),
  product('Furla Metropolis crossbody bag', 1_100, 'Leather, with the signature clasp.'),
]);

const brand = (value: string) => ({ attributes: { brand: value } });

export const watches = productTemplate('watches', 'watch', [
  product('Seiko Presage Cocktail Time', 1_650, 'Automatic, 40.5 mm, leather strap.', brand('seiko')),
  product('Omega Seamaster Diver 300M', 21_000, 'Box and papers, serviced by Omega.', brand('omega')),
  product('Casio G-Shock GA-2100', 449, 'The slim "CasiOak", shock and water resistant.', brand('casio')),
  product('Tag Heuer Carrera Calibre 5', 12_500, 'Automatic, 39 mm, steel bracelet.', brand('tag-heuer')),
  product('Rolex Datejust 36', 38_000, 'Full set with box and papers; fluted bezel.', brand('rolex')),
  product('Seiko 5 Sports automatic', 1_150, '42.5 mm, 100 m water resistance.', brand('seiko')),
  product('Casio Edifice chronograph', 699, 'Solar powered, steel bracelet.', brand('casio')),
]);

export const FASHION_TEMPLATES: readonly ListingTemplate[] = [mensClothing, womensClothing, shoes, bags, watches];
