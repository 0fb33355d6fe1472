import {
  DECISION_HEADERS,
  type FieldShape,
  HTTP_HEADERS,
  type OperationName,
  type ServerEvent,
  SPECIFIED_ERROR_FIELDS,
  SPECIFIED_EVENT_FIELDS,
  SPECIFIED_RESPONSE_FIELDS,
} from '@partner-assistant/contract';
import type { EngineResponse } from '../errors/engine-response.ts';
import { isUuidField, isUuidText } from '../ids/canonical-ids.ts';
import type { ProfileSettings } from './server-profile.ts';

/** The engine's exit: what every REST answer and every event goes through before it leaves. */
export interface OutboundFilter {
  /** The answer to `operation` (undefined when no route was reached) as the profile shows it. */
  response(operation: OperationName | undefined, response: EngineResponse): EngineResponse;
  /** The event as the profile shows it. */
  event(event: ServerEvent): ServerEvent;
  /** A request id written by a transport itself, in the profile's case. */
  id(id: string): string;
}

/** Only the fields `shape` names, recursively; values the shape does not expect pass as they are. */
export function pickFields(value: unknown, shape: FieldShape): unknown {
  if (shape === true || shape === 'decision') return value;
  if (Array.isArray(shape)) {
    const element = (shape as readonly [FieldShape])[0];
    return Array.isArray(value) ? value.map((item) => pickFields(item, element)) : value;
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  const fields = shape as { readonly [field: string]: FieldShape };
  const picked: Record<string, unknown> = {};
  for (const [field, inner] of Object.entries(fields)) {
    if (Object.hasOwn(value, field))
      picked[field] = pickFields((value as Record<string, unknown>)[field], inner);
  }
  return picked;
}

/** Objects whose `id` is a UUID the service issues (Token `user`, Capabilities `partner`). */
const ID_HOLDERS: ReadonlySet<string> = new Set(['user', 'partner']);

/** `value` with every UUID the service issued in upper case (`*_id`, `user.id`, `partner.id`). */
export function upperCaseIds(value: unknown, holder?: string): unknown {
  if (Array.isArray(value)) return value.map((item) => upperCaseIds(item));
  if (value === null || typeof value !== 'object') return value;
  const copy: Record<string, unknown> = {};
  for (const [field, inner] of Object.entries(value)) {
    const isId =
      isUuidField(field) || (field === 'id' && holder !== undefined && ID_HOLDERS.has(holder));
    copy[field] = isId && isUuidText(inner) ? inner.toUpperCase() : upperCaseIds(inner, field);
  }
  return copy;
}

function withoutHeaders(
  headers: Record<string, string>,
  removed: ReadonlySet<string>,
): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers).filter(([name]) => !removed.has(name.toLowerCase())),
  );
}

const REMOVED_HEADERS: ReadonlySet<string> = new Set(
  DECISION_HEADERS.map((name) => name.toLowerCase()),
);

/**
 * The exit of the engine for `settings`, or `undefined` when there is nothing to change (the
 * full profile with lower-case ids). The minimal profile keeps only what the specification shows
 * (the contract's `SPECIFIED_RESPONSE_FIELDS`, `SPECIFIED_EVENT_FIELDS` and `DECISION_HEADERS`) and drops the headers of our decisions; upper-case ids turn
 * every issued UUID to upper case, `X-Request-Id` included.
 */
export function createOutboundFilter(settings: ProfileSettings): OutboundFilter | undefined {
  const minimal = settings.profile === 'minimal';
  const upper = settings.uuidCase === 'upper';
  if (!minimal && !upper) return undefined;
  const ids = (value: unknown) => (upper ? upperCaseIds(value) : value);
  return {
    response: (operation, response) => {
      const shape =
        response.status >= 400
          ? SPECIFIED_ERROR_FIELDS
          : operation === undefined
            ? true
            : SPECIFIED_RESPONSE_FIELDS[operation];
      const body = ids(minimal ? pickFields(response.body, shape) : response.body);
      let headers = minimal ? withoutHeaders(response.headers, REMOVED_HEADERS) : response.headers;
      if (upper) headers = upperCaseRequestId(headers);
      return { status: response.status, headers, body };
    },
    event: (event) => {
      const shape = minimal ? SPECIFIED_EVENT_FIELDS[event.type] : undefined;
      return ids(shape ? pickFields(event, shape) : event) as ServerEvent;
    },
    id: (id) => (upper ? id.toUpperCase() : id),
  };
}

const REQUEST_ID_HEADER = HTTP_HEADERS.requestId.toLowerCase();

function upperCaseRequestId(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [
      name,
      name.toLowerCase() === REQUEST_ID_HEADER ? value.toUpperCase() : value,
    ]),
  );
}
