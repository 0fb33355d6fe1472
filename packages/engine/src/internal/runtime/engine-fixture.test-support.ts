/**
 * An engine on a manual clock with seeded ids, a user token and a conversation, and a fake socket
 * transport: what the engine-level tests drive, with no network and no real waiting.
 */
import { type ServerEvent, WEBSOCKET_SUBPROTOCOL } from '@partner-assistant/contract';
import { DEMO_CONFIG } from '../config/demo-config.ts';
import { parseReferenceConfig } from '../config/parse-reference-config.ts';
import { createSeededRandomSource } from '../ids/seeded-random.ts';
import type { SocketSession, SocketTransport } from '../socket/socket-transport.ts';
import { ManualClock } from '../time/manual-clock.ts';
import { createReferenceEngine } from './reference-engine.ts';

/** Time from acceptance to the end of a turn in these tests. */
export const PROCESSING_MS = 1000;

/** A socket transport that keeps what the engine sent and how it ended the connection. */
export function fakeTransport() {
  const events: ServerEvent[] = [];
  /** The frames as sent, text for text. */
  const texts: string[] = [];
  const ending: { closed?: number; terminated?: boolean } = {};
  const transport: SocketTransport = {
    send: (text) => {
      texts.push(text);
      events.push(JSON.parse(text) as ServerEvent);
    },
    close: (code) => {
      ending.closed = code;
    },
    terminate: () => {
      ending.terminated = true;
    },
  };
  return { transport, events, texts, ending, types: () => events.map((event) => event.type) };
}

export function engineFixture(options: { scopes?: string[]; requestsPerMinute?: number } = {}) {
  const clock = new ManualClock(Date.parse('2026-03-10T12:00:00.000Z'));
  const config = parseReferenceConfig({
    ...DEMO_CONFIG,
    assistant: { processing_ms: PROCESSING_MS },
  });
  const engine = createReferenceEngine({ config, clock, random: createSeededRandomSource('unit') });
  const tenant = engine.createTenant({
    ...(options.scopes ? { scopes: options.scopes as never } : {}),
    ...(options.requestsPerMinute === undefined
      ? {}
      : { limits: { requests_per_minute: options.requestsPerMinute } }),
  });
  const issued = engine.handle({
    operation: 'issueToken',
    authorization: `Basic ${btoa(`${tenant.clientId}:${tenant.clientSecret}`)}`,
    body: { kind: 'json', value: { external_user_id: 'user-1', locale: 'en-GB' } },
  });
  const token = (issued.response.body as { access_token: string }).access_token;
  const authorization = `Bearer ${token}`;
  const created = engine.handle({ operation: 'createConversation', authorization });
  const conversationId = (created.response.body as { conversation_id?: string }).conversation_id;

  /** Sends a message over REST: the turn id. */
  const sendMessage = (message = 'How do I renew my passport?', key = 'm-1') => {
    const sent = engine.handle({
      operation: 'sendMessage',
      authorization,
      params: { conversation_id: conversationId ?? '' },
      body: { kind: 'json', value: { client_message_id: key, message } },
    });
    return (sent.response.body as { turn_id: string }).turn_id;
  };
  const turnStatus = (turnId: string) =>
    (
      engine.handle({ operation: 'getTurn', authorization, params: { turn_id: turnId } }).response
        .body as { status: string }
    ).status;

  /** Opens a socket with the token, as a client does after its handshake. */
  const openSocket = (protocols = [WEBSOCKET_SUBPROTOCOL, token], search = '') => {
    const fake = fakeTransport();
    const session: SocketSession = engine.openSocket({
      protocols,
      search,
      transport: fake.transport,
    });
    const send = (frame: unknown) => session.receive(JSON.stringify(frame));
    /** Asks a question in the fixture's conversation (`user.message`). */
    const ask = (clientMessageId = 'a', message = 'Where is the market?') =>
      send({
        type: 'user.message',
        conversation_id: conversationId,
        client_message_id: clientMessageId,
        message,
      });
    return { ...fake, session, send, ask };
  };
  return {
    engine,
    clock,
    tenant,
    token,
    conversationId,
    sendMessage,
    turnStatus,
    openSocket,
  };
}
