import { API_MESSAGES, toFieldErrors, type FieldErrors } from '@marketplace/contracts';
import { translators } from '@marketplace/contracts/i18n/catalogues';
import type { FastifyInstance, FastifySchemaCompiler, FastifyTypeProvider } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod/mini';

// zod/mini installs no locale, so zod's own messages (a body that is not an object, a field of the
// wrong type without a message of its own) would read "Invalid input"; the API keeps classic zod's English.
z.config(z.locales.en());

/** Route schemas are zod schemas from packages/contracts; handlers see their parsed output types. */
export interface ZodTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends z.core.$ZodType ? z.output<this['schema']> : unknown;
  serializer: this['schema'] extends z.core.$ZodType ? z.input<this['schema']> : unknown;
}

/** A 422: each field's messages as the rules wrote them (encoded); the error handler renders them. */
export class ValidationError extends Error {
  readonly statusCode = 422;
  constructor(readonly errors: FieldErrors) {
    super(translators.en.t(API_MESSAGES.invalid));
  }

  static forField(field: string, message: string): ValidationError {
    return new ValidationError({ [field]: [message] });
  }
}

const validatorCompiler: FastifySchemaCompiler<z.core.$ZodType> =
  ({ schema }) =>
  (data) => {
    const result = z.safeParse(schema, data ?? {});
    return result.success ? { value: result.data } : { error: new ValidationError(toFieldErrors(result.error)) };
  };

export const validation = fp(
  (app: FastifyInstance) => {
    app.setValidatorCompiler(validatorCompiler);
    // Responses go through their schema too, so a column added to a table never leaks by accident.
    app.setSerializerCompiler<z.core.$ZodType>(
      ({ schema }) =>
        (data) =>
          JSON.stringify(z.parse(schema, data)),
    );
    return Promise.resolve();
  },
  { name: 'validation' },
);
