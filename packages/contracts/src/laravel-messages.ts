/** English messages in the wording Laravel's validator uses, so API errors read the same everywhere. */
export const messages = {
  required: (attribute: string) => `The ${attribute} field is required.`,
  string: (attribute: string) => `The ${attribute} field must be a string.`,
  email: (attribute: string) => `The ${attribute} field must be a valid email address.`,
  min: (attribute: string, min: number) => `The ${attribute} field must be at least ${min} characters.`,
  max: (attribute: string, max: number) => `The ${attribute} field must not be greater than ${max} characters.`,
  confirmed: (attribute: string) => `The ${attribute} field confirmation does not match.`,
  in: (attribute: string) => `The selected ${attribute} is invalid.`,
  unique: (attribute: string) => `The ${attribute} has already been taken.`,
  requiredIf: (attribute: string, other: string, value: string) =>
    `The ${attribute} field is required when ${other} is ${value}.`,
} as const;
