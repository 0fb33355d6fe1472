import type { OperationName } from '@partner-assistant/contract';

/**
 * The REST operation each action on the channel stands for, so the channel asks the gate for the
 * very scope the contract gives that operation: opening the channel and following a turn read
 * turns (`getTurn`), a `user.message` sends a message (`sendMessage`).
 */
export const CHANNEL_OPERATIONS = {
  handshake: 'getTurn',
  'turn.subscribe': 'getTurn',
  'user.message': 'sendMessage',
} as const satisfies Record<string, OperationName>;
