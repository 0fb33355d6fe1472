import { WEBSOCKET_SUBPROTOCOL } from '@partner-assistant/contract';
import type { RunningReferenceServer } from '../../packages/reference-server/src/index.ts';
import { type Credentials, type Recording, RecordingApi } from './recording-api.ts';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

/** Issues a token for `externalUserId` of a tenant created at run time. */
async function tokenOf(
  api: RecordingApi,
  tenant: { clientId: string; clientSecret: string },
  externalUserId: string,
): Promise<string> {
  const basic = { basic: [tenant.clientId, tenant.clientSecret] as [string, string] };
  const issued = await api.call('POST', '/tokens', basic, { external_user_id: externalUserId });
  return (issued.body as { access_token: string }).access_token;
}

/** Ends every queued or running turn: the server runs on a manual clock. */
function finishTurns(server: RunningReferenceServer): void {
  server.control.clock.advance(60_000);
}

/**
 * A partner backend and an app using every REST operation and the channel the way real ones do,
 * mistakes included: each success status and each error the documents declare, replays, a failed
 * turn, a resumed stream and every close code a client can cause. Returns all the server produced.
 */
export async function runRealisticSession(server: RunningReferenceServer): Promise<Recording> {
  const api = new RecordingApi(server.url, server.wsUrl);
  const tenant = server.control.tenants.create({ limits: { concurrent_turns: 10 } });
  const basic: Credentials = { basic: [tenant.clientId, tenant.clientSecret] };

  // Token issuance, and what a backend gets wrong.
  const issued = await api.call('POST', '/tokens', basic, {
    external_user_id: 'user-42',
    locale: 'fr-FR',
    timezone: 'Europe/Paris',
  });
  const user: Credentials = { token: (issued.body as { access_token: string }).access_token };
  await api.call(
    'POST',
    '/tokens',
    { basic: [tenant.clientId, 'wrong'] },
    { external_user_id: 'x' },
  );
  await api.call('POST', '/tokens', basic, { external_user_id: '..', timezone: 'Mars/Olympus' });
  await api.call('POST', '/tokens', basic, '{"external_user_id":');
  await api.call('POST', '/tokens', basic, { external_user_id: 'x'.repeat(70_000) });
  await api.call('GET', '/capabilities', user);
  await api.call('GET', '/capabilities', { token: 'pat_unknown' });

  // Conversations.
  const created = await api.call('POST', '/conversations', user);
  const conversationId = (created.body as { conversation_id: string }).conversation_id;
  const ownId = crypto.randomUUID();
  await api.call('POST', '/conversations', user, { conversation_id: ownId, title: ' Passport\t' });
  await api.call('POST', '/conversations', user, { conversation_id: ownId });
  await api.call('POST', '/conversations', user, { title: '   ' });
  await api.call('PATCH', `/conversations/${conversationId}`, user, { title: 'Passport renewal' });
  await api.call('PATCH', `/conversations/${UNKNOWN_ID}`, user, { title: 'x' });
  await api.call('PATCH', `/conversations/${conversationId}`, user, { title: 'x', color: 'red' });

  // A turn over REST: accepted, replayed, conflicting, in progress, ended, replayed after the end.
  const message = { client_message_id: 'q-1', message: 'How do I renew my passport in Lyon?' };
  const sent = await api.call('POST', `/conversations/${conversationId}/messages`, user, message);
  const turnId = (sent.body as { turn_id: string }).turn_id;
  await api.call('POST', `/conversations/${conversationId}/messages`, user, message);
  await api.call('POST', `/conversations/${conversationId}/messages`, user, {
    ...message,
    message: 'Something else',
  });
  await api.call('GET', `/turns/${turnId}`, user);
  await api.call('DELETE', `/turns/${turnId}`, user);
  await api.call('DELETE', `/conversations/${conversationId}`, user);
  finishTurns(server);
  const ended = await api.call('GET', `/turns/${turnId}`, user);
  await api.call('POST', `/conversations/${conversationId}/messages`, user, message);
  await api.call('GET', `/turns/${UNKNOWN_ID}`, user);
  await api.call('GET', '/turns/not-a-uuid', user);

  // History, feedback.
  await api.call('GET', `/conversations/${conversationId}/messages?limit=1`, user);
  await api.call('GET', `/conversations/${conversationId}/messages`, user);
  await api.call('GET', `/conversations/${conversationId}/messages?limit=1e2&page=2`, user);
  const assistant = (ended.body as { assistant_message: { message_id: string } }).assistant_message;
  await api.call('POST', `/messages/${assistant.message_id}/feedback`, user, { rating: 'up' });
  await api.call('POST', `/messages/${assistant.message_id}/feedback`, user, {
    rating: 'down',
    reason: 'outdated',
    comment: 'The fee changed.',
  });
  await api.call('POST', `/messages/${assistant.message_id}/feedback`, user, { rating: 'meh' });

  await runChannel(api, server, user, conversationId);

  // A token without chat:write; an application over its rate; a full queue.
  const readOnly = server.control.tenants.create({ scopes: ['chat:read'] });
  const reader = { token: await tokenOf(api, readOnly, 'reader') };
  await api.call('POST', '/conversations', reader, {});
  await runLimits(api, server);

  // Deletion, then erasure.
  await api.call('DELETE', `/turns/${turnId}`, user);
  await api.call('DELETE', `/conversations/${conversationId}`, user);
  await api.call('DELETE', `/conversations/${conversationId}`, user);
  await api.call('DELETE', '/users/user-42', basic);
  await api.call('DELETE', '/users/user-42', { token: 'pat_unknown' });
  await api.call('GET', '/capabilities', user);
  return api.recording;
}

/** The channel: a streamed turn, a failed one, a resumed one, refusals and close codes. */
async function runChannel(
  api: RecordingApi,
  server: RunningReferenceServer,
  user: Credentials & { token: string },
  conversationId: string,
): Promise<void> {
  const channel = api.connectWith(user.token);
  await channel.opened;
  channel.send({ type: 'ping', id: 'p-1' });
  await channel.next((frame) => frame.type === 'pong');
  const ask = (id: string) => ({
    type: 'user.message',
    conversation_id: conversationId,
    client_message_id: id,
    message: 'Opening hours of the town hall?',
  });
  channel.send(ask('ws-1'));
  const accepted = await channel.next((frame) => frame.type === 'turn.accepted');
  finishTurns(server);
  await channel.next((frame) => frame.type === 'assistant.completed');
  channel.send(ask('ws-1'));
  await channel.next((frame) => frame.type === 'turn.snapshot');
  server.control.faults.failNextTurns(1);
  channel.send(ask('ws-2'));
  await channel.next(
    (frame) =>
      frame.type === 'turn.accepted' && frame.seq === 1 && frame.turn_id !== accepted.turn_id,
  );
  finishTurns(server);
  await channel.next((frame) => frame.type === 'assistant.error');
  channel.send({ type: 'turn.subscribe', turn_id: UNKNOWN_ID });
  channel.send({ type: 'user.message', conversation_id: conversationId });
  channel.send('not json');
  await channel.next((frame) => frame.type === 'frame.rejected' && frame.turn_id === UNKNOWN_ID);
  await channel.close();

  // A stream cut mid-turn, resumed on a new socket with turn.subscribe.
  const first = api.connectWith(user.token);
  await first.opened;
  first.send(ask('ws-3'));
  const third = await first.next((frame) => frame.type === 'turn.accepted');
  server.control.faults.dropSockets();
  await first.closed;
  const second = api.connectWith(user.token);
  await second.opened;
  second.send({ type: 'turn.subscribe', turn_id: third.turn_id });
  await second.next((frame) => frame.type === 'turn.snapshot');
  finishTurns(server);
  await second.next((frame) => frame.type === 'assistant.completed');
  second.send({ type: 'ping', id: 'x'.repeat(70_000) });
  await second.closed;

  // Refused at the handshake.
  await api.connect([]).closed;
  await api.connect([WEBSOCKET_SUBPROTOCOL, user.token], '/api/partners/v1/chat?x=1').closed;
  await api.connect([WEBSOCKET_SUBPROTOCOL, 'pat_unknown']).closed;
  // Closed on an open connection when the token is revoked.
  const revoked = api.connectWith(user.token);
  await revoked.opened;
  revoked.send({ type: 'ping' });
  await revoked.next((frame) => frame.type === 'pong');
  server.control.tokens.revoke(user.token);
  await revoked.closed;
}

/** 403 and 4403 without the scope, 429 and 4429 over the rate, 503 when the queue is full. */
async function runLimits(api: RecordingApi, server: RunningReferenceServer): Promise<void> {
  const noChat = server.control.tenants.create({ scopes: ['feedback:write'] });
  await api.connectWith(await tokenOf(api, noChat, 'u')).closed;

  const slow = server.control.tenants.create({ limits: { requests_per_minute: 3 } });
  const token = await tokenOf(api, slow, 'u');
  const open = api.connectWith(token);
  await open.opened;
  await api.call('GET', '/capabilities', { token });
  await api.call('GET', '/capabilities', { token });
  await api.connectWith(token).closed;
  open.send({ type: 'ping' });
  open.send({ type: 'turn.subscribe', turn_id: UNKNOWN_ID });
  await open.next((frame) => frame.type === 'frame.rejected');
  await open.close();

  const busy = server.control.tenants.create({ limits: { concurrent_turns: 10 } });
  const busyUser = { token: await tokenOf(api, busy, 'u') };
  const conversation = await api.call('POST', '/conversations', busyUser, {});
  const id = (conversation.body as { conversation_id: string }).conversation_id;
  for (let index = 0; index < 4; index++) {
    await api.call('POST', `/conversations/${id}/messages`, busyUser, {
      client_message_id: `busy-${index}`,
      message: 'Where is the nearest post office?',
    });
  }
  finishTurns(server);
}
