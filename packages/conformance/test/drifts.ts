/**
 * Deliberate drifts from the specification, each as a proxy in front of the reference server,
 * with the groups to run and the rules the kit must name.
 */
import type { RuleSelector } from '../src/index.ts';
import type { Drift } from './support/drifting-proxy.ts';

/** One drift, what to run against it and what must fail. */
export interface DriftCase {
  name: string;
  /**
   * The profile of the server behind the proxy: `minimal` for a deployment that keeps the
   * specification and none of our decisions. @default 'full'
   */
  profile?: 'full' | 'minimal';
  only: RuleSelector[];
  drift: () => Drift;
  failing: string[];
}

const isError = (body: unknown): body is { error: Record<string, unknown> } =>
  typeof body === 'object' && body !== null && 'error' in body;

/** The conversation each token created, and the token that created each conversation. */
function leakingConversations(): Drift {
  const owners = new Map<string, string>();
  const conversationOf = (path: string) => /\/conversations\/([0-9a-f-]{36})/.exec(path)?.[1];
  return {
    authorization: ({ path, authorization }) => {
      const id = conversationOf(path);
      return (id && owners.get(id)) || authorization;
    },
    answer: ({ method, path, authorization, status, body }) => {
      const id = (body as { conversation_id?: unknown } | undefined)?.conversation_id;
      if (method === 'POST' && path.endsWith('/conversations') && status === 201 && authorization)
        owners.set(String(id), authorization);
      return undefined;
    },
  };
}

/** The first accepted turn of each conversation, answered again for every later message. */
function reusedTurns(): Drift {
  const first = new Map<string, unknown>();
  return {
    answer: ({ method, path, status, body }) => {
      if (method !== 'POST' || !path.endsWith('/messages') || status >= 300) return undefined;
      const known = first.get(path);
      if (known === undefined) {
        first.set(path, body);
        return undefined;
      }
      return { status, body: known };
    },
  };
}

/** Error envelopes without `error.request_id`. */
function droppedRequestId(): Drift {
  return {
    answer: ({ status, body }) => {
      if (!isError(body)) return undefined;
      const { request_id: _dropped, ...error } = body.error;
      return { status, body: { error } };
    },
  };
}

/** `404 not_found` for every `409` (`turn_in_progress`, `idempotency_conflict`). */
function notFoundFor409(): Drift {
  return {
    answer: ({ status, body }) =>
      status === 409 && isError(body)
        ? { status: 404, body: { error: { ...body.error, code: 'not_found' } } }
        : undefined,
  };
}

/** Conversation creation answered without `created_at`. */
function droppedCreatedAt(): Drift {
  return {
    answer: ({ method, path, status, body }) => {
      if (method !== 'POST' || !path.endsWith('/conversations') || status >= 300) return undefined;
      const { created_at: _dropped, ...created } = body as Record<string, unknown>;
      return { status, body: created };
    },
  };
}

const CONFLICT_RULES = [
  'delete.turn-in-progress',
  'messages.idempotency-conflict',
  'turns.turn-in-progress',
];

export const DRIFTS: DriftCase[] = [
  {
    name: 'drops the envelope’s request_id',
    only: ['errors'],
    drift: droppedRequestId,
    failing: ['errors.envelope', 'errors.request-id-header'],
  },
  {
    name: 'answers 404 where 409 is due',
    only: ['delete', 'turns', 'messages'],
    drift: notFoundFor409,
    failing: CONFLICT_RULES,
  },
  // The same broken promises in front of a deployment that keeps only the specification: the
  // specification mode, which passes it as it is, names each one.
  {
    name: 'drops the envelope’s request_id (specification mode, spec-minimal deployment)',
    profile: 'minimal',
    only: ['errors', 'specification'],
    drift: droppedRequestId,
    failing: ['errors.envelope'],
  },
  {
    name: 'answers 404 where 409 is due (specification mode, spec-minimal deployment)',
    profile: 'minimal',
    only: ['delete', 'turns', 'messages', 'specification'],
    drift: notFoundFor409,
    failing: CONFLICT_RULES,
  },
  {
    name: 'drops created_at from a created conversation (specification mode, spec-minimal deployment)',
    profile: 'minimal',
    only: ['conversations', 'specification'],
    drift: droppedCreatedAt,
    failing: ['conversations.create', 'conversations.resume'],
  },
  {
    name: 'reuses turns across idempotency keys',
    only: ['messages'],
    drift: reusedTurns,
    failing: ['messages.distinct-keys-distinct-turns'],
  },
  {
    name: 'leaks a conversation across tenants',
    only: ['tenancy'],
    drift: leakingConversations,
    failing: ['tenancy.other-partner', 'tenancy.other-user'],
  },
  {
    name: 'skips turn.snapshot after a subscribe',
    only: ['websocket'],
    drift: () => ({ event: (event) => event.type !== 'turn.snapshot' }),
    failing: ['websocket.resend-snapshot', 'websocket.subscribe-snapshot'],
  },
];
