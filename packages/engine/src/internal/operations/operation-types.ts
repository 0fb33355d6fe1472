import type { OPERATIONS, OperationName } from '@partner-assistant/contract';
import type { z } from 'zod';
import type { ApplicationCaller, UserCaller } from '../identity/caller.ts';
import type { SubmissionServices } from '../turns/message-submission.ts';

/** What operations may do beyond the store: reach the sockets of a user. */
export interface SocketDirectory {
  /** Closes every socket of `userId` (used when the user is erased and their tokens revoked). */
  closeUserSockets(userId: string, code: number, reason: string): void;
}

/** Everything an operation handler can use. */
export interface EngineServices extends SubmissionServices {
  /** Open sockets. */
  sockets: SocketDirectory;
}

/** A successful answer of an operation. */
export interface OperationResult {
  /** One of the operation's success statuses. */
  status: number;
  /** JSON body. */
  body: unknown;
  /** Extra headers. */
  headers?: Record<string, string>;
  /** The body serialized, when the operation has it ready (see `EngineResponse.json`). */
  json?: string;
}

type Definition<N extends OperationName> = (typeof OPERATIONS)[N];
type OutputOf<T> = T extends z.ZodType ? z.output<T> : Record<string, never>;

/** Validated inputs of operation `N`, parsed with its contract schemas. */
export interface OperationInput<N extends OperationName> {
  /** Path parameters. */
  params: OutputOf<Definition<N> extends { pathParams: infer S } ? S : never>;
  /** Query string. */
  query: OutputOf<Definition<N> extends { query: infer S } ? S : never>;
  /** JSON body. */
  body: OutputOf<Definition<N> extends { body: infer S } ? S : never>;
}

/** Who calls operation `N`: an application (Basic) or a user (Bearer). */
export type CallerOf<N extends OperationName> = Definition<N>['auth'] extends 'bearer'
  ? UserCaller
  : ApplicationCaller;

/** The handler of operation `N`. Throws `ApiError` to refuse. */
export type OperationHandler<N extends OperationName> = (
  services: EngineServices,
  caller: CallerOf<N>,
  input: OperationInput<N>,
) => OperationResult;
