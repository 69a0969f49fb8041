import { drawFridge, drawWashingMachine } from './appliances';
import { drawLaptop, drawPhone, drawTv } from './electronics';
import { drawDress, drawHandbag, drawShirt, drawSneakers, drawWatch } from './fashion';
import { drawCamera, drawGameController, drawHeadphones } from './gadgets';
import { drawBed, drawChair, drawDiningTable, drawSofa } from './home';
import { drawStroller, drawTeddyBear } from './kids';
import { drawBicycle, drawBooks, drawDumbbells, drawTent } from './leisure';
import { developPhoto, developPixels, type DevelopedPixels } from './photographic';
import { drawPottedPlant } from './plants';
import { drawApartmentBuilding, drawVilla } from './property';
import { randomFor } from './random';
import { Scene, type Drawing } from './scene';
import { drawCarWheel, drawMotorcycle, drawSedan, drawSuv } from './vehicles';

export { PHOTO_HEIGHT as DEMO_PHOTO_HEIGHT, PHOTO_WIDTH as DEMO_PHOTO_WIDTH } from './scene';

/** What the demo listings' photos can show, one drawing each. */
export const DEMO_PHOTO_KINDS = [
  'car-sedan',
  'car-suv',
  'motorcycle',
  'car-wheel',
  'apartment-building',
  'villa',
  'phone',
  'laptop',
  'tv',
  'camera',
  'game-controller',
  'headphones',
  'sofa',
  'bed',
  'dining-table',
  'chair',
  'fridge',
  'washing-machine',
  'potted-plant',
  'shirt',
  'dress',
  'sneakers',
  'handbag',
  'watch',
  'bicycle',
  'dumbbells',
  'tent',
  'teddy-bear',
  'stroller',
  'books',
] as const;

export type DemoPhotoKind = (typeof DEMO_PHOTO_KINDS)[number];

const DRAWINGS: Record<DemoPhotoKind, Drawing> = {
  'car-sedan': drawSedan,
  'car-suv': drawSuv,
  motorcycle: drawMotorcycle,
  'car-wheel': drawCarWheel,
  'apartment-building': drawApartmentBuilding,
  villa: drawVilla,
  phone: drawPhone,
  laptop: drawLaptop,
  tv: drawTv,
  camera: drawCamera,
  'game-controller': drawGameController,
  headphones: drawHeadphones,
  sofa: drawSofa,
  bed: drawBed,
  'dining-table': drawDiningTable,
  chair: drawChair,
  fridge: drawFridge,
  'washing-machine': drawWashingMachine,
  'potted-plant': drawPottedPlant,
  shirt: drawShirt,
  dress: drawDress,
  sneakers: drawSneakers,
  handbag: drawHandbag,
  watch: drawWatch,
  bicycle: drawBicycle,
  dumbbells: drawDumbbells,
  tent: drawTent,
  'teddy-bear': drawTeddyBear,
  stroller: drawStroller,
  books: drawBooks,
};

/**
 * A photo-like JPEG of a `kind` of thing for a demo listing, 1200×900, or the same picture smaller by
 * `scale` (the tests compare drawings at a quarter of the size: a sixteenth of the work). The same kind,
 * variant and scale always give the same bytes; each variant has its own colours, setting and details.
 */
export async function renderDemoPhoto(kind: DemoPhotoKind, variant: number, scale = 1): Promise<Buffer> {
  if (!(scale > 0 && scale <= 1)) throw new RangeError(`A demo photo's scale is above 0 and at most 1, not ${scale}`);
  const { scene, random } = drawScene(kind, variant);
  return developPhoto(scene.toSvg(), random, scene.lightSide, scale);
}

/** The same photo as decoded pixels, for code that re-encodes it anyway: no JPEG in between. */
export async function renderDemoPhotoPixels(kind: DemoPhotoKind, variant: number): Promise<DevelopedPixels> {
  const { scene, random } = drawScene(kind, variant);
  return developPixels(scene.toSvg(), random, scene.lightSide);
}

function drawScene(kind: DemoPhotoKind, variant: number) {
  const draw = DRAWINGS[kind] as Drawing | undefined;
  if (!draw) throw new RangeError(`There is no demo photo of a ${kind}`);
  const random = randomFor(kind, variant);
  const scene = new Scene(random.cycle([false, true]));
  draw(scene, random);
  return { scene, random };
}
