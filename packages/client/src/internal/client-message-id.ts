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
  if (typeof crypto?.randomUUID === 'function') return crypto.randomUUID();
  const bytes = new Uint8Array(16);
  if (typeof crypto?.getRandomValues === 'function') crypto.getRandomValues(bytes);
  else {
    const seed = Date.now();
    for (let i = 0; i < 16; i++) bytes[i] = (Math.random() * 256 + seed / 2 ** (i % 6)) & 0xff;
  }
  bytes[6] = ((bytes[6] as number) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] as number) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
