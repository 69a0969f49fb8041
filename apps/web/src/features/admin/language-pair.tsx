import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { TextField } from '../../components/text-field';
import { TextAreaField } from './text-area-field';

/** The same thing in English, then in Arabic. */
export type Pair<T> = readonly [english: T, arabic: T];

/**
 * A text staff write in both languages (a category's name, a question, a page's body): the English
 * field, then the Arabic one, each in its own language and direction, both required.
 */
export function LanguagePair({
  labels,
  registrations,
  errors,
  maxLength,
  columnClassName,
  area,
}: {
  labels: Pair<string>;
  registrations: Pair<UseFormRegisterReturn>;
  errors: Pair<FieldError | undefined>;
  maxLength?: number;
  /** Each field's column in a grid row (`col-12 col-md-6`); without it, one under the other. */
  columnClassName?: string;
  /** Markdown text areas rather than one-line fields; the hint is said once, under the English. */
  area?: { rows?: number; hint?: string };
}) {
  return ([0, 1] as const).map((side) => {
    const language = side === 0 ? 'en' : 'ar';
    const direction = side === 0 ? 'ltr' : 'rtl';
    const field = area ? (
      <TextAreaField
        key={side}
        label={labels[side]}
        registration={registrations[side]}
        error={errors[side]}
        lang={language}
        dir={direction}
        {...(area.rows !== undefined && { rows: area.rows })}
        {...(side === 0 && area.hint !== undefined && { hint: area.hint })}
      />
    ) : (
      <TextField
        key={side}
        label={labels[side]}
        required
        {...(maxLength !== undefined && { maxLength })}
        lang={language}
        dir={direction}
        registration={registrations[side]}
        error={errors[side]}
      />
    );
    return columnClassName ? (
      <div key={side} className={columnClassName}>
        {field}
      </div>
    ) : (
      field
    );
  });
}
