/**
 * `@partner-assistant/client/outbox`: a durable outbox for the client, apart from the core so that
 * apps without it do not carry it.
 */
import { PartnerConfigurationError } from '@partner-assistant/sdk-core';
import { Outbox } from './outbox.ts';
import type { OutboxStorage } from './outbox-storage.ts';
import type { ClientOutbox } from './outbox-types.ts';

export type { OutboxEntry } from './outbox-entry.ts';
export { OUTBOX_KEY_PREFIX, type OutboxStorage } from './outbox-storage.ts';
export type { ClientOutbox, OutboxEvents } from './outbox-types.ts';
export {
  isPartnerOutboxError,
  type OutboxErrorCode,
  PartnerOutboxError,
} from './partner-outbox-error.ts';

/** Options of {@link createOutbox}. */
export interface CreateOutboxOptions {
  /** Where questions are kept: `localStorage`, React Native's `AsyncStorage`, or your own. */
  storage: OutboxStorage;
  /**
   * Keeps one person's questions apart from another's on a shared device: pass the signed-in
   * user's id, so that no question is sent with someone else's token.
   * @default ''
   * @example user.id
   */
  namespace?: string;
}

/**
 * A durable outbox for one client (`new PartnerAssistantClient({ …, outbox })`): every question is
 * written to `storage` before it is sent and removed once the API accepted it; a client started
 * later with the same storage and namespace sends what is left, with the original
 * `client_message_id`, so each question makes one turn.
 * @throws {PartnerConfigurationError} When `storage` lacks `getItem`, `setItem` or `removeItem`.
 * @example
 * ```ts
 * import { createOutbox } from '@partner-assistant/client/outbox';
 * const client = new PartnerAssistantClient({
 *   baseUrl,
 *   token,
 *   outbox: createOutbox({ storage: localStorage, namespace: user.id }),
 * });
 * ```
 */
export function createOutbox(options: CreateOutboxOptions): ClientOutbox {
  const storage = options?.storage;
  const methods = ['getItem', 'setItem', 'removeItem'] as const;
  if (
    typeof storage !== 'object' ||
    storage === null ||
    methods.some((m) => typeof storage[m] !== 'function')
  ) {
    throw new PartnerConfigurationError(
      '`storage` must have getItem, setItem and removeItem (localStorage or AsyncStorage fit)',
    );
  }
  if (options.namespace !== undefined && typeof options.namespace !== 'string') {
    throw new PartnerConfigurationError('`namespace` must be a string, such as the user id');
  }
  return new Outbox(storage, options.namespace ?? '');
}
