import type { DemoPhotoKind } from '../../demo-photos';
import { product, productTemplate, type ListingTemplate } from '../listing-template';

const FURNITURE_PHOTOS: Record<string, DemoPhotoKind> = {
  sofa: 'sofa',
  bed: 'bed',
  table: 'dining-table',
  chair: 'chair',
};

/** A piece of furniture: its type and material are the category's own fields, its type picks the photo. */
const furniture = (name: string, newAed: number, about: string, type: string, material: string) =>
  product(name, newAed, about, {
    photo: FURNITURE_PHOTOS[type] ?? 'sofa',
    attributes: { furniture_type: type, material },
  });

export const furnitureTemplate = productTemplate('furniture', 'sofa', [
  furniture('IKEA Kivik 3-seat sofa', 2_295, 'Washable covers; 228 cm wide.', 'sofa', 'Fabric'),
  furniture(
    'King size bed with mattress',
    3_200,
    'From Home Box, 180×200 cm, with a medium-firm mattress.',
    'bed',
    'Wood and fabric',
  ),
  furniture('6-seater dining table, solid oak', 4_500, 'Seats six comfortably; 180×90 cm.', 'table', 'Solid oak'),
  furniture(
    'Herman Miller Aeron office chair',
    6_200,
    'Size B, fully adjustable arms and lumbar support.',
    'chair',
    'Mesh and aluminium',
  ),
  furniture('L-shaped sofa with chaise', 4_200, 'From Home Centre; chaise can go left or right.', 'sofa', 'Fabric'),
  furniture('IKEA Malm queen bed with storage', 1_495, 'Four big drawers underneath; 160×200 cm.', 'bed', 'Wood'),
  furniture('Set of 4 dining chairs', 1_200, 'Upholstered seats, sturdy wooden legs.', 'chair', 'Wood and fabric'),
  furniture('IKEA Ekedalen extendable dining table', 1_095, 'Extends from 4 to 6 seats.', 'table', 'Wood'),
  furniture('Leather 3-seat sofa, Pottery Barn', 9_500, 'Full-grain leather; 230 cm wide.', 'sofa', 'Leather'),
  furniture('Rattan accent chair', 750, 'Light and sturdy, with a seat cushion.', 'chair', 'Rattan'),
  furniture('Kids single bed with mattress', 900, '90×190 cm, with a guard rail.', 'bed', 'Wood'),
  furniture('Marble top dining table with 4 chairs', 3_900, 'Round table, 120 cm across.', 'table', 'Marble and metal'),
  furniture('IKEA Poäng armchair', 595, 'Bent birch frame with a washable cushion.', 'chair', 'Birch and fabric'),
  furniture('2-seat velvet sofa, West Elm', 5_800, 'Deep seats; 180 cm wide.', 'sofa', 'Velvet'),
]);

export const homeAppliances = productTemplate('home-appliances', 'fridge', [
  product('Samsung fridge freezer, 617 L', 5_499, 'No-frost, water and ice dispenser.'),
  product('Bosch Serie 6 washing machine, 9 kg', 2_399, 'Front-loading, 1,400 rpm, quiet.', {
    photo: 'washing-machine',
  }),
  product('LG fridge freezer, 508 L', 4_299, 'Inverter compressor, energy efficient.'),
  product('Samsung washer dryer, 8/6 kg', 2_699, 'Washes and dries in one go.', { photo: 'washing-machine' }),
  product('Bosch Serie 4 fridge freezer, 366 L', 2_999, 'Bottom freezer with three drawers.'),
  product('LG 9 kg front-load washing machine', 1_899, 'Steam wash, direct drive motor.', { photo: 'washing-machine' }),
  product('Hitachi double door fridge, 450 L', 2_499, 'Big family fridge, frost-free.'),
  product('Electrolux 7 kg washing machine', 1_299, 'Fits under a kitchen counter.', { photo: 'washing-machine' }),
  product('Midea compact fridge, 120 L', 650, 'Ideal for a studio or an office.'),
]);

export const garden = productTemplate(
  'garden',
  'potted-plant',
  [
    product('Fiddle leaf fig, 1.5 m, in a ceramic pot', 450, 'Healthy and growing; likes bright indirect light.'),
    product('Monstera deliciosa in a large pot', 280, 'Big split leaves; easy to care for.'),
    product('Snake plants, set of 3', 150, 'Almost impossible to kill; good for bedrooms.'),
    product('Olive tree, 1.2 m', 600, 'Grown outdoors; used to the summer heat.'),
    product('Free: aloe vera pups', 0, 'A dozen small aloe plants; bring a bag or a box.'),
    product('Bougainvillea in a terracotta pot', 180, 'Flowers pink most of the year.'),
    product('Areca palm, 1.8 m', 350, 'Fills a corner nicely; pot included.'),
  ],
  { titleSaysNew: false },
);

export const HOME_TEMPLATES: readonly ListingTemplate[] = [furnitureTemplate, homeAppliances, garden];
