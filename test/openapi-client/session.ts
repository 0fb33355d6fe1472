import createClient from 'openapi-fetch';
import type { paths } from './schema.ts';

/** What a partner in another stack has: the base URL, its credentials, a way to wait for a turn. */
export interface SessionSetup {
  /** Base URL of the API, such as `http://127.0.0.1:4010`. */
  baseUrl: string;
  /** Application credentials (partner backend). */
  clientId: string;
  clientSecret: string;
  /** Lets the turn end (a manual clock in tests). */
  letTurnEnd(): void;
}

/** What the session saw, for the test to check. */
export interface SessionResult {
  answer: string;
  historyRoles: string[];
  renamedTitle: string;
  deletedMessages: [string, string];
  erased: boolean;
  environment: string;
}

function must<T>(result: { data?: T; error?: unknown; response: Response }): T {
  if (result.data === undefined) {
    throw new Error(`HTTP ${result.response.status}: ${JSON.stringify(result.error)}`);
  }
  return result.data;
}

/**
 * A full session through a client generated from docs/openapi.json alone (openapi-typescript for
 * the types, openapi-fetch for the calls), as a partner writing no TypeScript SDK code would.
 */
export async function runGeneratedClientSession(setup: SessionSetup): Promise<SessionResult> {
  const backend = createClient<paths>({
    baseUrl: setup.baseUrl,
    headers: { Authorization: `Basic ${btoa(`${setup.clientId}:${setup.clientSecret}`)}` },
  });
  const token = must(
    await backend.POST('/api/partners/v1/tokens', {
      body: { external_user_id: 'native-user-7', locale: 'fr-FR', timezone: 'Europe/Paris' },
    }),
  );
  const app = createClient<paths>({
    baseUrl: setup.baseUrl,
    headers: { Authorization: `Bearer ${token.access_token}` },
  });
  const conversation = must(await app.POST('/api/partners/v1/conversations', {}));
  const conversationPath = { path: { conversation_id: conversation.conversation_id } };
  const turn = must(
    await app.POST('/api/partners/v1/conversations/{conversation_id}/messages', {
      params: conversationPath,
      body: { client_message_id: 'native-1', message: 'How do I renew my passport?' },
    }),
  );
  setup.letTurnEnd();
  const ended = must(
    await app.GET('/api/partners/v1/turns/{turn_id}', {
      params: { path: { turn_id: turn.turn_id } },
    }),
  );
  if (!ended.assistant_message) throw new Error(`The turn is still ${ended.status}`);
  const history = must(
    await app.GET('/api/partners/v1/conversations/{conversation_id}/messages', {
      params: { ...conversationPath, query: { limit: 10, offset: 0 } },
    }),
  );
  must(
    await app.POST('/api/partners/v1/messages/{message_id}/feedback', {
      params: { path: { message_id: ended.assistant_message.message_id } },
      body: { rating: 'up', reason: 'helpful' },
    }),
  );
  const renamed = must(
    await app.PATCH('/api/partners/v1/conversations/{conversation_id}', {
      params: conversationPath,
      body: { title: 'Passport renewal' },
    }),
  );
  const deletedTurn = must(
    await app.DELETE('/api/partners/v1/turns/{turn_id}', {
      params: { path: { turn_id: turn.turn_id } },
    }),
  );
  must(
    await app.DELETE('/api/partners/v1/conversations/{conversation_id}', {
      params: conversationPath,
    }),
  );
  const capabilities = must(await app.GET('/api/partners/v1/capabilities'));
  const erased = must(
    await backend.DELETE('/api/partners/v1/users/{external_user_id}', {
      params: { path: { external_user_id: 'native-user-7' } },
    }),
  );
  return {
    answer: ended.assistant_message.content,
    historyRoles: history.messages.map((message) => message.role),
    renamedTitle: renamed.title,
    deletedMessages: [deletedTurn.user_message_id, deletedTurn.assistant_message_id],
    erased: erased.deleted,
    environment: capabilities.environment,
  };
}
