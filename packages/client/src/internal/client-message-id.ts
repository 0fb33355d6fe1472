/**
 * A new idempotency key for a message (`clientMessageId`), as the SDK makes when you pass none.
 * Keep it with a message you may have to send again after an app restart.
 *
 * @example
 * ```ts
 * const clientMessageId = createClientMessageId();
 * await client.messages.send(conversationId, { message, clientMessageId });
 * ```
 *
 * It is `crypto.randomUUID()` where the runtime has it (browsers in secure
 * contexts, Node, recent React Native), else a version 4 UUID from `crypto.getRandomValues`, else
 * (a runtime with neither) from `Math.random` mixed with the time, which is unique enough for an
 * idempotency key that only has to differ between one user's messages.
 */
export function createClientMessageId(): string {
  const crypto = (
    globalThis as {
      crypto?: { randomUUID?: () => string; getRandomValues?: (bytes: Uint8Array) => Uint8Array };
    }
  ).crypto;
  if (crypto?.randomUUID) return crypto.randomUUID();
  const bytes = new Uint8Array(31);
  if (crypto?.getRandomValues) crypto.getRandomValues(bytes);
  else for (let i = 0; i < 31; i++) bytes[i] = Math.random() * 256 + Date.now() / 2 ** (i % 6);
  let i = 0;
  // Each `0`, `1` and `8` of the template becomes a random hex digit (`8` one of 8 to b): version 4.
  return '10000000-1000-4000-8000-100000000000'.replace(/[018]/g, (digit) =>
    (+digit ^ ((bytes[i++] as number) & (15 >> (+digit / 4)))).toString(16),
  );
}
