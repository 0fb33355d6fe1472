import type { z } from 'zod';
import { clientFrameSchema } from '../events/client-frames.ts';
import { serverEventSchema } from '../events/server-events.ts';

/** One message of the WebSocket channel, as the AsyncAPI document names it. */
export interface ChannelMessage {
  /** Key in `components.messages` and in the channel's `messages`. */
  readonly key: string;
  /** The frame's `type` value. */
  readonly type: string;
  /** Who sends it. */
  readonly direction: 'client' | 'server';
  /** Payload schema. */
  readonly schema: z.ZodType;
}

/** `turn.accepted` → `turnAccepted`. */
function keyOf(type: string): string {
  return type.replace(/[._](\w)/g, (_, letter: string) => letter.toUpperCase());
}

function messagesOf(
  union: z.ZodDiscriminatedUnion,
  direction: ChannelMessage['direction'],
): ChannelMessage[] {
  return union.options.map((option) => {
    const type = String((option as z.ZodObject).shape.type?.def.values?.[0] ?? '');
    return { key: keyOf(type), type, direction, schema: option as z.ZodType };
  });
}

/** Every frame of the channel: client frames first, then server events, in contract order. */
export const CHANNEL_MESSAGES: readonly ChannelMessage[] = [
  ...messagesOf(clientFrameSchema, 'client'),
  ...messagesOf(serverEventSchema, 'server'),
];
