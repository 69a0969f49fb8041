import type { MessageKey } from '@marketplace/contracts';

export const wizardSteps = ['category', 'details', 'photos', 'price', 'place', 'review'] as const;
export type WizardStep = (typeof wizardSteps)[number];

export const STEP_NAMES = {
  category: 'sell.step.category',
  details: 'sell.step.details',
  photos: 'sell.step.photos',
  price: 'sell.step.price',
  place: 'sell.step.place',
  review: 'sell.step.review',
} as const satisfies Record<WizardStep, MessageKey>;

export const isWizardStep = (value: string | null): value is WizardStep => wizardSteps.includes(value as WizardStep);

/** The step where the seller fixes a field's problem (attributes as `attributes.<key>`). */
export function stepOfField(field: string): WizardStep {
  if (field === 'category_id') return 'category';
  if (field === 'photos') return 'photos';
  if (['price_fils', 'price_period', 'negotiable', 'quantity'].includes(field)) return 'price';
  if (['city_id', 'neighborhood_id', 'location', 'pickup', 'delivery', 'delivery_fee_fils'].includes(field)) {
    return 'place';
  }
  return 'details';
}
