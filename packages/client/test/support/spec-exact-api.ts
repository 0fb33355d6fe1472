/**
 * A deployment that sends exactly what the API specification promises and nothing the project
 * added, with every id in upper case (as Swift's `UUID().uuidString` writes them): a script for
 * {@link startScriptedServer}. Where the specification shows nothing (the payload of
 * `turn.accepted`, `seq`, the body of `GET /turns/{turn_id}` beyond the five turn fields), it
 * sends what the project decided, ids in upper case too.
 */
import { randomUUID } from 'node:crypto';
import type { ChannelScript, RestScript } from './scripted-server.ts';

const AT = '2026-11-21T09:30:00.000Z';
const upperId = () => randomUUID().toUpperCase();

/** How the spec-exact deployment answers a question sent over the socket. */
export interface SpecExactOptions {
  /** `answer`: deltas then `assistant.completed`; `error`: `assistant.error` with `message` only; `silent`: nothing. */
  socket?: 'answer' | 'error' | 'silent';
}

/** A spec-exact deployment: its scripts, and what it stored (ids in upper case). */
export interface SpecExactApi {
  channel: ChannelScript;
  rest: RestScript;
  /**
   * Asks `question` in the conversation, as another device would: returns the turn id. Answered
   * at once, or (`running`) once a socket followed the turn to its end.
   */
  seed(conversationId: string, question: string, running?: boolean): string;
}

interface StoredTurn {
  five: Record<string, unknown>;
  history: Record<string, unknown>[];
  /** Not in the history yet. */
  running: boolean;
  clientMessageId: string;
  userMessageId: string;
  answer: Record<string, unknown>;
}

/** Starts the state of one spec-exact deployment. */
export function specExactApi(options: SpecExactOptions = {}): SpecExactApi {
  const histories = new Map<string, Record<string, unknown>[]>();
  const turns = new Map<string, StoredTurn>();
  const byKey = new Map<string, StoredTurn>();

  /** Stores a question and its answer (answered at once), or finds the one sent with `key`. */
  function ask(conversationId: string, key: string, text: string, running = false): StoredTurn {
    const known = byKey.get(key);
    if (known) return known;
    const turnId = upperId();
    const history = histories.get(conversationId.toLowerCase()) ?? [];
    histories.set(conversationId.toLowerCase(), history);
    const message = (role: string, content: string) => ({
      message_id: upperId(),
      turn_id: turnId,
      role,
      content,
      status: 'completed',
      created_at: AT,
    });
    const question = message('user', text);
    const { turn_id: _, ...answer } = message('assistant', `Answer to: ${text}`);
    history.push(question);
    if (!running) history.push({ ...answer, turn_id: turnId });
    const five = {
      turn_id: turnId,
      conversation_id: conversationId.toUpperCase(),
      status: 'queued',
      created_at: AT,
      updated_at: AT,
    };
    const turn = {
      five,
      history,
      running,
      clientMessageId: key,
      userMessageId: question.message_id,
      answer,
    };
    turns.set(turnId.toLowerCase(), turn);
    byKey.set(key, turn);
    return turn;
  }

  /** The turn as the project decided `GET /turns/{turn_id}` and turn events show it. */
  const fullTurn = (turn: StoredTurn, status: string) => ({
    ...turn.five,
    status,
    client_message_id: turn.clientMessageId,
    user_message_id: turn.userMessageId,
    assistant_message: status === 'completed' ? turn.answer : null,
    error: null,
  });

  const rest: RestScript = ({ method, path, body }) => {
    const input = (body ?? {}) as Record<string, string>;
    const [route = '', query = ''] = path.split('?');
    const parts = route.split('/').slice(1);
    if (method === 'POST' && route === '/conversations') {
      const id = (input.conversation_id ?? randomUUID()).toUpperCase();
      histories.set(id.toLowerCase(), histories.get(id.toLowerCase()) ?? []);
      return {
        status: 201,
        body: { conversation_id: id, title: input.title ?? 'New', created_at: AT },
      };
    }
    if (parts[0] === 'conversations' && method === 'PATCH') {
      const renamed = { conversation_id: parts[1]?.toUpperCase(), title: input.title };
      return { status: 200, body: { ...renamed, updated_at: AT } };
    }
    if (parts[0] === 'conversations' && parts[2] === 'messages' && method === 'POST') {
      const turn = ask(parts[1] ?? '', input.client_message_id ?? '', input.message ?? '');
      return { status: 202, body: turn.five };
    }
    if (parts[0] === 'conversations' && parts[2] === 'messages') {
      const params = new URLSearchParams(query);
      const offset = Number(params.get('offset') ?? 0);
      const limit = Number(params.get('limit') ?? 20);
      const history = histories.get((parts[1] ?? '').toLowerCase()) ?? [];
      return { status: 200, body: { messages: history.slice(offset, offset + limit) } };
    }
    if (parts[0] === 'turns' && method === 'GET') {
      const turn = turns.get((parts[1] ?? '').toLowerCase());
      return turn ? { status: 200, body: fullTurn(turn, 'completed') } : notFound;
    }
    if (parts[0] === 'messages' && parts[2] === 'feedback') {
      return { status: 200, body: { success: true, feedback: { rating: input.rating } } };
    }
    return notFound;
  };

  const channel: ChannelScript = {
    onFrame(socket, frame) {
      if (frame.type !== 'user.message' && frame.type !== 'turn.subscribe') return undefined;
      if (options.socket === 'silent') return true;
      const turn =
        frame.type === 'user.message'
          ? ask(
              String(frame.conversation_id),
              String(frame.client_message_id),
              String(frame.message),
            )
          : turns.get(String(frame.turn_id).toLowerCase());
      if (!turn) return true;
      const envelope = { turn_id: turn.five.turn_id, conversation_id: turn.five.conversation_id };
      const events: Record<string, unknown>[] =
        frame.type === 'turn.subscribe'
          ? [{ type: 'turn.snapshot', turn: fullTurn(turn, 'running'), content: '', label: null }]
          : [{ type: 'turn.accepted', turn: fullTurn(turn, 'queued') }];
      if (options.socket === 'error')
        events.push({ type: 'assistant.error', error: { message: 'No answer' } });
      else {
        const text = String(turn.answer.content);
        events.push({ type: 'assistant.delta', text: text.slice(0, 6) });
        events.push({ type: 'assistant.delta', text: text.slice(6) });
        events.push({ type: 'assistant.completed', message: turn.answer });
        if (turn.running) turn.history.push({ ...turn.answer, turn_id: turn.five.turn_id });
        turn.running = false;
      }
      for (const [i, event] of events.entries())
        socket.send(JSON.stringify({ ...event, ...envelope, seq: i + 1 }));
      return true;
    },
  };
  const seed = (conversationId: string, question: string, running = false) =>
    String(ask(conversationId, randomUUID(), question, running).five.turn_id);
  return { channel, rest, seed };
}

const notFound = {
  status: 404,
  body: {
    error: { code: 'not_found', message: 'Not found', retryable: false, request_id: upperId() },
  },
};
