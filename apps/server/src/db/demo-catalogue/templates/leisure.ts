import { product, productTemplate, type ListingTemplate } from '../listing-template';

export const bicycles = productTemplate('bicycles', 'bicycle', [
  product('Trek Marlin 7 mountain bike, size M', 3_499, 'Hydraulic disc brakes, 1×10 gears, tubeless-ready.'),
  product('Giant Escape 3 city bike', 1_699, 'Light aluminium frame; good for the Al Qudra track.'),
  product('Specialized Rockhopper, size L', 2_899, 'Front suspension fork, 29-inch wheels.'),
  product('Cannondale Synapse road bike, 56 cm', 6_499, 'Carbon fork, Shimano 105 groupset.'),
  product('Kids bike, 20-inch, with gears', 650, 'For ages 6 to 9; stabilisers removed.'),
  product('B’Twin Riverside 500 hybrid bike', 1_399, 'Comfortable for the corniche; rack and lights included.'),
]);

export const fitness = productTemplate('fitness', 'dumbbells', [
  product('Adjustable dumbbells, 2 × 24 kg', 2_199, 'Bowflex 552; change the weight with a dial.'),
  product('Rubber hex dumbbells 2.5–10 kg with rack', 1_100, 'Four pairs and an A-frame rack.'),
  product('Kettlebell, 16 kg', 180, 'Cast iron, powder coated.'),
  product('Olympic barbell with 100 kg of plates', 2_400, '20 kg bar, bumper plates and collars.'),
  product('Neoprene dumbbells, 2 × 5 kg', 90, 'Good for home workouts and classes.'),
]);

export const camping = productTemplate('camping', 'tent', [
  product('Coleman 6-person instant tent', 899, 'Sets up in about a minute; rain fly included.'),
  product('Quechua 2 Seconds Easy tent, 3 person', 450, 'Pops up on its own; ideal for a desert night.'),
  product('Desert camping tent, 4 × 4 m, with poles', 1_400, 'Heavy canvas, fits a majlis setup.'),
  product('Naturehike Cloud Up 2 hiking tent', 480, '1.5 kg, for hikes in Jebel Jais and Hatta.'),
  product('Family camping set: tent, 4 chairs and a cool box', 1_500, 'Everything for a weekend at the beach.'),
]);

export const toys = productTemplate('toys', 'teddy-bear', [
  product('Jellycat Bartholomew bear, large', 250, 'Super soft; from a smoke-free home.'),
  product('Giant teddy bear, 1.2 m', 300, 'Huge and cuddly; a birthday favourite.'),
  product('Build-A-Bear with two outfits', 220, 'Includes a sports kit and pyjamas.'),
  product('Steiff classic teddy bear', 650, 'Mohair, with the button in the ear.'),
  product('Soft toys bundle, 10 pieces', 150, 'All washed; a mix of animals.'),
  product('Free: soft toys for a nursery or charity', 0, 'A big bag of clean soft toys.'),
]);

export const strollers = productTemplate('strollers', 'stroller', [
  product('Bugaboo Fox 3 stroller', 5_600, 'Bassinet and seat, rain cover, cup holder.'),
  product('Babyzen YOYO2 6+ stroller', 2_300, 'Cabin-size fold; perfect for travelling.'),
  product('Joie Versatrax travel system', 2_100, 'Pram, seat and car seat adaptors.'),
  product('Cybex Balios S Lux stroller', 2_200, 'Big basket, one-hand fold.'),
  product('Chicco Bravo trio system', 1_800, 'Stroller with car seat and base.'),
  product('Maclaren Quest buggy', 950, 'Light umbrella fold, reclines flat.'),
]);

export const books = productTemplate('books', 'books', [
  product('Harry Potter box set, 7 books', 380, 'Paperbacks in the original box.'),
  product('Atomic Habits and Deep Work', 120, 'Two bestsellers, read once.'),
  product('Cambridge IELTS 15–18 with answers', 260, 'Four books with audio; no writing inside.'),
  product('Arabic children’s stories, 20 books', 200, 'Ages 4 to 8, hardcover.'),
  product('IB Diploma textbooks: Maths, Physics, Chemistry', 650, 'Oxford editions, current syllabus.'),
  product('Free: novels, about 30', 0, 'Thrillers and classics; take them all.'),
  product('Lonely Planet guides, 6 countries', 180, 'Oman, Jordan, Georgia, Sri Lanka, Japan, Turkey.'),
]);

export const LEISURE_TEMPLATES: readonly ListingTemplate[] = [bicycles, fitness, camping, toys, strollers, books];
