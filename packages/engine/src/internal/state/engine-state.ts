import type {
  ApplicationLimits,
  Environment,
  Feedback,
  Location,
  Message,
  Scope,
  TurnStatus,
} from '@partner-assistant/contract';
import { BoundedCache } from './bounded-cache.ts';

/** A partner (tenant). */
export interface PartnerRecord {
  /** Partner id (UUID). */
  id: string;
  /** Display name. */
  name: string;
}

/** A partner application and its effective configuration. */
export interface ApplicationRecord {
  /** Client id, the Basic user name. */
  clientId: string;
  /** Client secret, compared in constant time. */
  clientSecret: string;
  /** Owning partner. */
  partnerId: string;
  /** Sandbox or production. */
  environment: Environment;
  /** Scopes granted to this application's tokens. */
  scopes: Scope[];
  /** Authorized verticals. */
  capabilities: string[];
  /** Supported locales, the first being the fallback. */
  locales: string[];
  /** Limits in force. */
  limits: ApplicationLimits;
  /** Lifetime of issued tokens. */
  tokenTtlSeconds: number;
}

/**
 * A user: one external identity inside one partner's tenant and one environment. The same
 * external id in sandbox and in production is two users, so test data never reaches production.
 */
export interface UserRecord {
  /** Service-side user id (UUID). */
  id: string;
  /** Tenant. */
  partnerId: string;
  /** Data plane: the environment of the applications that share this user. */
  environment: Environment;
  /** The partner's identifier of the user. */
  externalUserId: string;
}

/** An issued user token. */
export interface TokenRecord {
  /** The opaque token. */
  token: string;
  /** Its user. */
  userId: string;
  /** The application that issued it. */
  clientId: string;
  /** Scopes it carries. */
  scopes: Scope[];
  /** Expiry instant (epoch ms). */
  expiresAt: number;
  /** Effective locale of the user's answers: the requested one, else the application's first. */
  locale: string;
  /** Whether the token's request named a locale the application lists (else answers follow the question's language). */
  localeRequested: boolean;
}

/** A conversation, owned by one user. */
export interface ConversationRecord {
  /** Conversation id (client- or server-generated UUID). */
  id: string;
  /** Owner. */
  userId: string;
  /** Normalized title, or null. */
  title: string | null;
  /** Creation instant (epoch ms). */
  createdAt: number;
  /** Last change (epoch ms). */
  updatedAt: number;
  /**
   * Its messages in chronological order (its turns are those of its user messages). Written only
   * by the conversation store, which gives a new conversation the shared empty list.
   */
  messages: readonly MessageEntry[];
}

/**
 * One message in a conversation's list, as one pointer to what is stored anyway: a user message
 * is its turn, an assistant message its turn's id (the message ids derive from the turn id, see
 * `ids/message-ids.ts`).
 */
export type MessageEntry = TurnRecord | string;

/** The question a turn answers, as the simulated assistant reads it. */
export interface TurnQuestion {
  /** The user's text. */
  message: string;
  /** Geographic context, if any. */
  location: Location | undefined;
  /** Locale of the answer. */
  locale: string;
}

/**
 * A turn: one user message and the assistant response to it. It is also the whole storage of
 * both messages: the user message is the question, and the assistant message is regenerated from
 * the question on read (the simulated assistant is deterministic); their ids derive from the
 * turn's. An ended turn holds one id, numbers and shared strings only.
 */
export interface TurnRecord extends TurnQuestion {
  /** Turn id. */
  id: string;
  /** Conversation. */
  conversationId: string;
  /** Owner. */
  userId: string;
  /** Application whose quotas it counts against. */
  clientId: string;
  /** Idempotency key. */
  clientMessageId: string;
  /** Lifecycle status. */
  status: TurnStatus;
  /** Creation instant (epoch ms): also the user message's `created_at`. */
  createdAt: number;
  /** Last change (epoch ms); once ended, also the assistant message's `created_at`. */
  updatedAt: number;
  /** Whether the turn holds its assistant message (from its end). */
  answered: boolean;
}

/** Usage counters of one application. */
export interface ApplicationUsage {
  /** Start (epoch ms) of the current one-minute window. */
  windowStart: number;
  /** Authenticated requests in the current window. */
  requests: number;
  /** Current UTC day (days since the epoch). */
  day: number;
  /** Messages accepted during {@link day}. */
  messages: number;
}

/** Messages kept for history reads: a few pages of each of many conversations. */
const KEPT_MESSAGES = 4096;

/** A message as history pages show it: its view (frozen) and its JSON text. */
export interface KeptMessage {
  /** The message, as the API shows it. */
  readonly view: Readonly<Message>;
  /** `JSON.stringify(view)`. */
  readonly json: string;
}

/** Everything the engine holds in memory. */
export interface EngineState {
  /**
   * Recently read messages, view and JSON text, by turn id, one cache per role: a stored message
   * never changes, so a history page builds and serializes each of its messages once. Bounded; a
   * removed message leaves it.
   */
  keptMessages: { user: BoundedCache<KeptMessage>; assistant: BoundedCache<KeptMessage> };
  partners: Map<string, PartnerRecord>;
  /** By client id. */
  applications: Map<string, ApplicationRecord>;
  /** By {@link userKey}: partner, environment and external user id. */
  users: Map<string, UserRecord>;
  /** By token. */
  tokens: Map<string, TokenRecord>;
  /**
   * By user id, then conversation id: conversation ids are scoped to their user (no composite key
   * string per conversation).
   */
  conversations: Map<string, Map<string, ConversationRecord>>;
  /** By turn id (a message id leads to its turn id: `ids/message-ids.ts`). */
  turns: Map<string, TurnRecord>;
  /** By assistant message id. */
  feedback: Map<string, Feedback>;
  /** By user id, then client message id: the turn id (no composite key string per turn). */
  idempotencyKeys: Map<string, Map<string, string>>;
  /** By client id. */
  usage: Map<string, ApplicationUsage>;
  /** Turns `queued` or `running`, so quotas never scan every turn. */
  turnsInProgress: Set<TurnRecord>;
  /** The same turns by client id, so a quota check never scans other applications' turns. */
  turnsInProgressByClient: Map<string, Set<TurnRecord>>;
}

/** The key of a user: one per partner, environment and external user id. */
export function userKey(
  application: { partnerId: string; environment: Environment },
  externalUserId: string,
): string {
  return `${application.partnerId}\u0000${application.environment}\u0000${externalUserId}`;
}

/** An empty state. */
export function createEngineState(): EngineState {
  return {
    keptMessages: {
      user: new BoundedCache(KEPT_MESSAGES / 2),
      assistant: new BoundedCache(KEPT_MESSAGES / 2),
    },
    partners: new Map(),
    applications: new Map(),
    users: new Map(),
    tokens: new Map(),
    conversations: new Map(),
    turns: new Map(),
    feedback: new Map(),
    idempotencyKeys: new Map(),
    usage: new Map(),
    turnsInProgress: new Set(),
    turnsInProgressByClient: new Map(),
  };
}
