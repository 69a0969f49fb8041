/** missing: the server answered 404 for the chunk; timeout: no answer in time; error: anything else. */
export type ChunkFailure = 'missing' | 'timeout' | 'error';

/** A lazily loaded page area that did not arrive; the message follows the wording of specification §8. */
export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';

  constructor(
    readonly chunk: string,
    readonly failure: ChunkFailure,
    readonly address: string,
    options?: ErrorOptions,
  ) {
    super(`Loading chunk ${chunk} failed.\n(${failure}: ${address})`, options);
  }
}
