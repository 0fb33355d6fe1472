/**
 * A whole session against one setup, recorded for the minimal profile's suite: every answer and
 * event a client receives.
 */
import { PATH_PREFIX, type ServerEvent } from '@partner-assistant/contract';
import { SIMULATE_ERROR_MARKER } from '@partner-assistant/engine/transport';
import { channelProtocols, drive, openChannel } from './api-calls.ts';
import type { RunningSetup } from './suite-setups.ts';

/** One answer as a client sees it: status, header names and JSON body. */
interface Reply {
  /** The table's key: the operation, or `error`. */
  key: string;
  status: number;
  headers: string[];
  body: unknown;
}

/**
 * A whole session against one setup: every operation, a replay, errors (422, 404, 429, 503) and
 * two turns over the channel (one completed, one failed). Keeps every answer and event.
 */
export async function recordSession(running: RunningSetup) {
  const tenant = running.control.tenants.create();
  let token = '';
  const replies: Reply[] = [];
  const api = async (
    key: string,
    method: string,
    path: string,
    options: { json?: unknown; basic?: boolean } = {},
  ) => {
    const authorization = options.basic
      ? `Basic ${btoa(`${tenant.clientId}:${tenant.clientSecret}`)}`
      : `Bearer ${token}`;
    const headers: Record<string, string> = { Authorization: authorization };
    if (options.json !== undefined) headers['Content-Type'] = 'application/json';
    const body = options.json === undefined ? undefined : JSON.stringify(options.json);
    const response = await fetch(`${running.baseUrl}${PATH_PREFIX}${path}`, {
      method,
      headers,
      body,
    });
    const text = await response.text();
    const reply = {
      key: response.status >= 400 ? 'error' : key,
      status: response.status,
      headers: [...response.headers.keys()].map((name) => name.toLowerCase()),
      // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON fields.
      body: (text ? JSON.parse(text) : undefined) as any,
    };
    replies.push(reply);
    return reply;
  };
  const issued = await api('issueToken', 'POST', '/tokens', {
    basic: true,
    json: { external_user_id: 'user-1' },
  });
  token = issued.body.access_token;
  const created = await api('createConversation', 'POST', '/conversations', {
    json: { title: 'Passport' },
  });
  const id: string = created.body.conversation_id;
  await api('createConversation', 'POST', '/conversations', { json: { conversation_id: id } });
  const question = { client_message_id: 'm-1', message: 'How do I renew my passport?' };
  const sent = await api('sendMessage', 'POST', `/conversations/${id}/messages`, {
    json: question,
  });
  await api('sendMessage', 'POST', `/conversations/${id}/messages`, { json: question });
  running.control.clock.advance(60_000);
  await api('sendMessage', 'POST', `/conversations/${id}/messages`, { json: question });
  const turn = await api('getTurn', 'GET', `/turns/${sent.body.turn_id}`);
  await api('listMessages', 'GET', `/conversations/${id}/messages`);
  const assistantId: string = turn.body.assistant_message.message_id;
  await api('submitFeedback', 'POST', `/messages/${assistantId}/feedback`, {
    json: { rating: 'down', reason: 'unclear', comment: 'Too long' },
  });
  await api('renameConversation', 'PATCH', `/conversations/${id}`, { json: { title: 'Renewal' } });
  await api('getCapabilities', 'GET', '/capabilities');
  await api('error', 'POST', '/conversations', { json: { title: '', extra: 1 } });
  await api('error', 'GET', '/turns/3F9A7C2E-5B1D-4E8F-A6C0-9D2B7E4F1A35');
  running.control.faults.injectErrors({ count: 1, code: 'queue_unavailable' });
  await api('error', 'GET', '/capabilities');
  running.control.faults.injectErrors({ count: 1, code: 'rate_limit_exceeded' });
  await api('error', 'GET', '/capabilities');
  const events = await channelTurns(running, token, id);
  await api('deleteTurn', 'DELETE', `/turns/${sent.body.turn_id}`);
  await api('deleteConversation', 'DELETE', `/conversations/${id}`);
  await api('eraseUser', 'DELETE', '/users/user-1', { basic: true });
  return { replies, events };
}

/** A completed and a failed turn over the channel: every event received. */
async function channelTurns(running: RunningSetup, token: string, conversationId: string) {
  const channel = openChannel(running.baseUrl, channelProtocols(token));
  const ended = (event: ServerEvent) =>
    event.type === 'assistant.completed' || event.type === 'assistant.error';
  for (const [key, message] of [
    ['ok', 'How do I renew my passport?'],
    ['ko', `Fail please ${SIMULATE_ERROR_MARKER}`],
  ]) {
    channel.send({
      type: 'user.message',
      conversation_id: conversationId,
      client_message_id: key,
      message,
    });
    const accepted = await channel.next(
      (event) => event.type === 'turn.accepted' && event.turn.client_message_id === key,
    );
    await drive(
      running.control,
      channel.next((event) => ended(event) && event.turn_id === accepted.turn_id),
    );
  }
  channel.close();
  return channel.events;
}
