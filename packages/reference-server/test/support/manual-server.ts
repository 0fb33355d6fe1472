import type { RunningReferenceServer, StartReferenceServerOptions } from '../../src/index.ts';
import { startReferenceServer } from '../../src/index.ts';
import { type RecordingSocket, TEST_CONFIG, type UserSession, waitFor } from './test-server.ts';

/** Processing time of turns on a manual clock: virtual, so it costs no real time. */
export const MANUAL_PROCESSING_MS = 1000;

/** Starts a test server whose clock moves only through `control.clock`. */
export function startManualServer(
  options: Omit<StartReferenceServerOptions, 'clock'> = {},
): Promise<RunningReferenceServer> {
  return startReferenceServer({
    config: { ...TEST_CONFIG, assistant: { processing_ms: MANUAL_PROCESSING_MS } },
    port: 0,
    host: '127.0.0.1',
    clock: 'manual',
    startAt: '2026-03-10T12:00:00.000Z',
    selfCheck: true,
    ...options,
  });
}

// biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary event fields.
type AnyEvent = any;

/** Events of `turnId` a socket has received (frame rejections excluded). */
export function turnEvents(recording: RecordingSocket, turnId: string): AnyEvent[] {
  return recording.events.filter(
    (event: AnyEvent) => event.turn_id === turnId && event.type !== 'frame.rejected',
  );
}

/** Waits until the socket has received an event matching `predicate`. */
export function waitForEvent(
  recording: RecordingSocket,
  predicate: (event: AnyEvent) => boolean,
): Promise<void> {
  return waitFor(() => recording.events.some(predicate));
}

/**
 * The text a client shows after resuming: the snapshot's `content`, then the later deltas. It
 * must equal the completed message's content (nothing lost, nothing repeated).
 */
export function resumedText(recording: RecordingSocket, turnId: string): string {
  const events = turnEvents(recording, turnId);
  const snapshot = events.find((event: AnyEvent) => event.type === 'turn.snapshot');
  const later = events.filter(
    (event: AnyEvent) => event.type === 'assistant.delta' && event.seq > snapshot.seq,
  );
  return snapshot.content + later.map((event: AnyEvent) => event.text).join('');
}

/**
 * Asks `message` in the session's conversation over `socket` with the key `key`, and answers the
 * turn id once that question's `turn.accepted` arrived.
 */
export async function askOverSocket(
  socket: RecordingSocket,
  session: UserSession,
  key: string,
  message = 'Where is the Saturday market?',
): Promise<string> {
  socket.send({
    type: 'user.message',
    conversation_id: session.conversationId,
    client_message_id: key,
    message,
  });
  const accepted = (event: AnyEvent) =>
    event.type === 'turn.accepted' && event.turn.client_message_id === key;
  await waitForEvent(socket, accepted);
  return socket.events.find(accepted).turn_id as string;
}
