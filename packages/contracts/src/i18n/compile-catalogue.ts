import { parse, TYPE } from '@formatjs/icu-messageformat-parser';
import type { CompiledCatalogue, CompiledMessage } from './translator';

/**
 * ICU source → what the translator formats: the parser runs here, at build time for the browser
 * (apps/web/build/precompiled-messages.ts) and once at start-up on the server, never in a page.
 * Throws on a message that is not valid ICU, naming it.
 */
export function compileMessage(source: string): CompiledMessage {
  // ignoreTag: '<' is only ever text in our messages, never a rich-text tag.
  const elements = parse(source, { ignoreTag: true });
  const [only] = elements;
  if (elements.length === 0) return '';
  if (elements.length === 1 && only?.type === TYPE.literal) return only.value;
  return elements;
}

export function compileCatalogue(source: Readonly<Record<string, string>>): CompiledCatalogue {
  return Object.fromEntries(
    Object.entries(source).map(([key, text]) => {
      try {
        return [key, compileMessage(text)];
      } catch (error) {
        throw new Error(`The message "${key}" is not valid ICU: ${String(error)}`, { cause: error });
      }
    }),
  );
}
