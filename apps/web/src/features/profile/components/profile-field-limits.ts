import { profileFields, type ProfileField } from '@marketplace/contracts';

type Rules<Field extends ProfileField> = (typeof profileFields)[Field]['rules'];
/** The fields whose rules set a maximum length. */
export type LimitedField = {
  [Field in ProfileField]: Rules<Field> extends { max: number } ? Field : never;
}[ProfileField];

/** The longest value a field's rules accept, so its input stops there instead of erroring after. */
export const maxLengthOf = (field: LimitedField): number => profileFields[field].rules.max;

/** A plus and at most 4 digits (docs/product/specification.md §5). */
export const PHONE_PREFIX_MAX_LENGTH = 5;
