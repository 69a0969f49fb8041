import { API_MESSAGES, toFieldErrors, type FieldErrors } from '@marketplace/contracts';
import type { FastifyInstance, FastifySchemaCompiler, FastifyTypeProvider } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';

/** Route schemas are zod schemas from packages/contracts; handlers see their parsed output types. */
export interface ZodTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends z.ZodType ? z.output<this['schema']> : unknown;
  serializer: this['schema'] extends z.ZodType ? z.input<this['schema']> : unknown;
}

export class ValidationError extends Error {
  readonly statusCode = 422;
  constructor(readonly errors: FieldErrors) {
    super(API_MESSAGES.invalid);
  }

  static forField(field: string, message: string): ValidationError {
    return new ValidationError({ [field]: [message] });
  }
}

const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    const result = schema.safeParse(data ?? {});
    return result.success ? { value: result.data } : { error: new ValidationError(toFieldErrors(result.error)) };
  };

export const validation = fp(
  (app: FastifyInstance) => {
    app.setValidatorCompiler(validatorCompiler);
    // Responses go through their schema too, so a column added to a table never leaks by accident.
    app.setSerializerCompiler<z.ZodType>(
      ({ schema }) =>
        (data) =>
          JSON.stringify(schema.parse(data)),
    );
    return Promise.resolve();
  },
  { name: 'validation' },
);
