import { holdsIf, presence } from './guide-claims.ts';
import {
  bodyOf,
  type GuideWalk,
  isUuid,
  newUser,
  sameId,
  type WalkUser,
} from './protocol-walk-context.ts';
import type { RecordedExchange } from './recording-api.ts';

type Body = Record<string, unknown>;

/** The `error.code` of an answer. */
export function codeOf(exchange: RecordedExchange): unknown {
  return (bodyOf(exchange).error as Body | undefined)?.code;
}

/** The error statuses the guide lists, each provoked once, and the 413. */
export async function walkErrors(walk: GuideWalk, user: WalkUser, path: string) {
  const { ledger, server } = walk;
  const tenant = user.clientId;
  const readOnly = await newUser(walk, { scopes: ['chat:read'] });
  const conversation = bodyOf(await user.call('POST', '/conversations', {})).conversation_id;
  const sendPath = `/conversations/${String(conversation)}/messages`;
  const answers: Array<[RecordedExchange, number, string]> = [
    [
      await user.call('GET', '/capabilities', undefined, { token: 'not-a-token' }),
      401,
      'unauthorized',
    ],
    [await readOnly.call('POST', '/conversations', {}), 403, 'insufficient_scope'],
    [await user.call('GET', '/turns/00000000-0000-4000-8000-000000000000'), 404, 'not_found'],
    [await user.call('POST', path, { client_message_id: 'no-message' }), 422, 'invalid_request'],
  ];
  // Faults answer before anything is checked, as a gateway would: armed one at a time.
  server.control.faults.injectErrors({ count: 1, code: 'rate_limit_exceeded', tenant });
  answers.push([await user.call('GET', '/capabilities'), 429, 'rate_limit_exceeded']);
  server.control.faults.injectErrors({ count: 1, code: 'queue_unavailable', tenant });
  const queued = { client_message_id: 'queue-1', message: 'Hello' };
  answers.push([await user.call('POST', sendPath, queued), 503, 'queue_unavailable']);
  const wrong = answers.filter(
    ([exchange, status, code]) => exchange.status !== status || codeOf(exchange) !== code,
  );
  const retryable = answers.map(
    ([exchange]) => (bodyOf(exchange).error as Body | undefined)?.retryable,
  );
  ledger.observe(
    'error-statuses',
    holdsIf(
      wrong.length === 0 && retryable.join() === 'false,false,false,false,true,true',
      JSON.stringify(wrong.map(([exchange]) => [exchange.status, exchange.body])),
    ),
  );
  const tooLarge = await user.call('POST', path, JSON.stringify({ message: 'x'.repeat(70_000) }));
  ledger.observe(
    'payload-too-large',
    holdsIf(
      tooLarge.status === 413 && codeOf(tooLarge) === 'payload_too_large',
      `${tooLarge.status}`,
    ),
  );
  const waits = answers.slice(4).map(([exchange]) => exchange.headers['retry-after']);
  ledger.observe(
    'retry-after',
    presence(waits, (value) => /^\d+$/.test(value), 'Retry-After'),
  );
}

/** The claims about every answer the walks saw: envelope and headers. */
export function checkAnswers(walk: GuideWalk): void {
  const { ledger, answers } = walk;
  const errors = answers
    .map(({ exchange }) => exchange)
    .filter((exchange) => exchange.status >= 400);
  const envelopes = errors.map((exchange) => bodyOf(exchange).error as Body | undefined);
  ledger.observe(
    'error-envelope',
    holdsIf(
      envelopes.every(
        (error) =>
          typeof error?.code === 'string' &&
          typeof error.message === 'string' &&
          typeof error.retryable === 'boolean' &&
          isUuid(error.request_id),
      ),
      'an error without the envelope',
    ),
  );
  ledger.observe(
    'request-id',
    presence(
      answers.map(({ exchange }) => (exchange.headers['x-request-id'] ? exchange : undefined)),
      (exchange) => {
        const error = bodyOf(exchange).error as Body | undefined;
        return (
          isUuid(exchange.headers['x-request-id']) &&
          (exchange.status < 400 || sameId(error?.request_id, exchange.headers['x-request-id']))
        );
      },
      'X-Request-Id',
    ),
  );
  const counted = answers.filter(
    ({ exchange, authenticated }) => authenticated && ![401, 413].includes(exchange.status),
  );
  const names = ['ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset'];
  ledger.observe(
    'rate-limit-headers',
    presence(
      counted.map(({ exchange }) =>
        names.some((name) => name in exchange.headers) ? exchange.headers : undefined,
      ),
      (headers) => names.every((name) => /^\d+$/.test(headers[name] ?? '')),
      'RateLimit-*',
    ),
  );
}
