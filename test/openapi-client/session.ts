import { PATH_PREFIX } from '@partner-assistant/contract';
import createClient, { type Middleware } from 'openapi-fetch';
import { restProblems } from '../support/document-validator.ts';
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
  /** The history read one message a page, until a page came back short or empty. */
  pagedRoles: string[];
  resumedSameConversation: boolean;
  renamedTitle: string;
  deletedMessages: [string, string];
  erased: boolean;
  environment: string;
  /** The status and error code of each refused request, in order. */
  refusals: string[];
  /** Every answer that does not decode with the document: must be empty. */
  decodingFailures: string[];
  /** How many answers were decoded. */
  decoded: number;
}

function must<T>(result: { data?: T; error?: unknown; response: Response }): T {
  if (result.data === undefined) {
    throw new Error(`HTTP ${result.response.status}: ${JSON.stringify(result.error)}`);
  }
  return result.data;
}

function refusal(result: { error?: unknown; response: Response }): string {
  const code = (result.error as { error?: { code?: string } } | undefined)?.error?.code;
  return `${result.response.status} ${code}`;
}

/**
 * A strict runtime decoder, as a Swift `Codable` or Kotlin model generated from the document
 * applies one: every answer is checked against the status, body schema and headers the document
 * declares for it (required fields present, types right, nothing undeclared).
 */
function decoder(failures: string[], count: { decoded: number }): Middleware {
  return {
    async onResponse({ request, response }) {
      const path = new URL(request.url).pathname.slice(PATH_PREFIX.length);
      const text = await response.clone().text();
      const headers = Object.fromEntries(response.headers);
      const exchange = {
        method: request.method,
        path,
        status: response.status,
        headers,
        body: text === '' ? undefined : JSON.parse(text),
      };
      count.decoded += 1;
      for (const problem of restProblems(exchange))
        failures.push(`${request.method} ${path} ${response.status}: ${problem}`);
      return undefined;
    },
  };
}

/**
 * A full session through a client generated from docs/openapi.json alone (openapi-typescript for
 * the types, openapi-fetch for the calls, every answer decoded against the document), as a
 * partner writing no TypeScript SDK code would: the documented flows and the 4xx answers.
 */
export async function runGeneratedClientSession(setup: SessionSetup): Promise<SessionResult> {
  const failures: string[] = [];
  const count = { decoded: 0 };
  const backend = createClient<paths>({
    baseUrl: setup.baseUrl,
    headers: { Authorization: `Basic ${btoa(`${setup.clientId}:${setup.clientSecret}`)}` },
  });
  backend.use(decoder(failures, count));
  const token = must(
    await backend.POST('/api/partners/v1/tokens', {
      body: { external_user_id: 'native-user-7', locale: 'fr-FR', timezone: 'Europe/Paris' },
    }),
  );
  const app = createClient<paths>({
    baseUrl: setup.baseUrl,
    headers: { Authorization: `Bearer ${token.access_token}` },
  });
  app.use(decoder(failures, count));
  const anonymous = createClient<paths>({ baseUrl: setup.baseUrl });
  anonymous.use(decoder(failures, count));
  const refusals: string[] = [];

  const chosenId = crypto.randomUUID().toUpperCase();
  const conversation = must(
    await app.POST('/api/partners/v1/conversations', { body: { conversation_id: chosenId } }),
  );
  const resumed = must(
    await app.POST('/api/partners/v1/conversations', { body: { conversation_id: chosenId } }),
  );
  const conversationPath = { path: { conversation_id: conversation.conversation_id } };
  const question = { client_message_id: 'native-1', message: 'How do I renew my passport?' };
  const turn = must(
    await app.POST('/api/partners/v1/conversations/{conversation_id}/messages', {
      params: conversationPath,
      body: question,
    }),
  );
  const replayed = await app.POST('/api/partners/v1/conversations/{conversation_id}/messages', {
    params: conversationPath,
    body: question,
  });
  must(replayed);
  const conflict = await app.POST('/api/partners/v1/conversations/{conversation_id}/messages', {
    params: conversationPath,
    body: { ...question, message: 'Something else' },
  });
  refusals.push(refusal(conflict));
  const busy = await app.DELETE('/api/partners/v1/turns/{turn_id}', {
    params: { path: { turn_id: turn.turn_id } },
  });
  refusals.push(refusal(busy));
  const pending = must(
    await app.GET('/api/partners/v1/turns/{turn_id}', {
      params: { path: { turn_id: turn.turn_id } },
    }),
  );
  if (pending.assistant_message) throw new Error('The turn ended before the clock moved');
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
  const pagedRoles: string[] = [];
  for (let offset = 0; offset < 10; offset++) {
    const page = must(
      await app.GET('/api/partners/v1/conversations/{conversation_id}/messages', {
        params: { ...conversationPath, query: { limit: 1, offset } },
      }),
    );
    pagedRoles.push(...page.messages.map((message) => message.role));
    // Without `has_more` (our decision), a page shorter than `limit` is the last.
    if (page.has_more === false || page.messages.length < 1) break;
  }
  must(
    await app.POST('/api/partners/v1/messages/{message_id}/feedback', {
      params: { path: { message_id: ended.assistant_message.message_id } },
      body: { rating: 'up', reason: 'helpful' },
    }),
  );
  const invalidTitle = await app.PATCH('/api/partners/v1/conversations/{conversation_id}', {
    params: conversationPath,
    body: { title: '' },
  });
  refusals.push(refusal(invalidTitle));
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
  const gone = await app.GET('/api/partners/v1/conversations/{conversation_id}/messages', {
    params: conversationPath,
  });
  refusals.push(refusal(gone));
  refusals.push(refusal(await anonymous.GET('/api/partners/v1/capabilities')));
  const capabilities = must(await app.GET('/api/partners/v1/capabilities'));
  const erased = must(
    await backend.DELETE('/api/partners/v1/users/{external_user_id}', {
      params: { path: { external_user_id: 'native-user-7' } },
    }),
  );
  return {
    answer: ended.assistant_message.content,
    historyRoles: history.messages.map((message) => message.role),
    pagedRoles,
    resumedSameConversation:
      resumed.conversation_id.toLowerCase() === conversation.conversation_id.toLowerCase() &&
      conversation.conversation_id.toLowerCase() === chosenId.toLowerCase(),
    renamedTitle: renamed.title,
    deletedMessages: [deletedTurn.user_message_id, deletedTurn.assistant_message_id],
    erased: erased.deleted,
    environment: capabilities.environment,
    refusals,
    decodingFailures: failures,
    decoded: count.decoded,
  };
}
