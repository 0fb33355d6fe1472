import { PATH_PREFIX } from '@partner-assistant/contract';
import { BENCH_CREDENTIALS } from './bench-config.ts';

/** What a load run needs from a freshly started target: a user token and two conversations. */
export interface LoadFixture {
  readonly url: string;
  readonly wsUrl: string;
  readonly token: string;
  /** Where message submissions go. */
  readonly conversationId: string;
  /** A conversation with 10 completed turns (20 messages), for history reads. */
  readonly historyConversationId: string;
}

async function call(
  url: string,
  method: string,
  path: string,
  authorization: string,
  body?: unknown,
) {
  const response = await fetch(`${url}${PATH_PREFIX}${path}`, {
    method,
    headers: { authorization, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}`);
  return (await response.json()) as Record<string, unknown>;
}

/** Issues a token and creates the conversations the load uses, over HTTP like any client. */
export async function prepareLoad(target: { url: string; wsUrl: string }): Promise<LoadFixture> {
  const { url } = target;
  const basic = `Basic ${btoa(`${BENCH_CREDENTIALS.clientId}:${BENCH_CREDENTIALS.clientSecret}`)}`;
  const issued = await call(url, 'POST', '/tokens', basic, { external_user_id: 'bench-user' });
  const bearer = `Bearer ${String(issued.access_token)}`;
  const conversation = await call(url, 'POST', '/conversations', bearer, {});
  const history = await call(url, 'POST', '/conversations', bearer, { title: 'History' });
  const historyConversationId = String(history.conversation_id);
  for (let index = 0; index < 10; index++) {
    await call(url, 'POST', `/conversations/${historyConversationId}/messages`, bearer, {
      client_message_id: `history-${index}`,
      message: `Question ${index} about renewing a passport in Lyon`,
    });
  }
  // Let the history's turns complete (the benchmark configuration processes a turn in 20 ms).
  await new Promise((resolve) => setTimeout(resolve, 200));
  return {
    ...target,
    token: String(issued.access_token),
    conversationId: String(conversation.conversation_id),
    historyConversationId,
  };
}
