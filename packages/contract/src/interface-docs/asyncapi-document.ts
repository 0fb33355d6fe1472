import {
  INTERFACE_VERSION,
  WEBSOCKET_PATH,
  WEBSOCKET_SUBPROTOCOL,
} from '../constants/api-version.ts';
import { FIELD_LIMITS } from '../constants/field-limits.ts';
import { CLOSE_CODE_RULES } from '../events/close-code-rules.ts';
import { SPECIFIED_EVENT_FIELDS } from '../promises/specified-fields.ts';
import { CHANNEL_MESSAGES, type ChannelMessage } from './asyncapi-messages.ts';
import { DECISION_MARK, DECISION_NOTE, PromisedSchemas } from './promised-schemas.ts';
import { firstExample, type JsonSchema, SchemaComponents } from './schema-components.ts';
import { asyncApiServers } from './servers.ts';

/** The opening handshake: a GET without query string, offering the sub-protocol then the token. */
const HANDSHAKE_BINDING: JsonSchema = {
  method: 'GET',
  query: { type: 'object', properties: {}, additionalProperties: false },
  headers: {
    type: 'object',
    required: ['Sec-WebSocket-Protocol'],
    properties: {
      'Sec-WebSocket-Protocol': {
        type: 'string',
        description: `\`${WEBSOCKET_SUBPROTOCOL}, <ACCESS_TOKEN>\`: the sub-protocol first, the user token second.`,
        examples: [`${WEBSOCKET_SUBPROTOCOL}, pat_3q2+7w==example`],
      },
    },
  },
  bindingVersion: '0.1.0',
};

const CHANNEL_DESCRIPTION = [
  `Open with the sub-protocol list \`["${WEBSOCKET_SUBPROTOCOL}", <ACCESS_TOKEN>]\` and no query string; the server selects \`${WEBSOCKET_SUBPROTOCOL}\` and never echoes any other offer. An offer that does not include \`${WEBSOCKET_SUBPROTOCOL}\` is refused before the upgrade with HTTP 422 and the error envelope (\`invalid_request\`). A token in the URL is refused.`,
  '',
  'Promised by the specification: the event types and the payload fields it shows (`assistant.status` `label`, `assistant.delta` `text`, `assistant.completed` `message`, `assistant.error` `error.message`); `assistant.completed` and `assistant.error` end a turn; after a disconnection a client recovers the turn through `GET /turns/{turn_id}` and reconnects with backoff.',
  '',
  `Our decisions (marked \`${DECISION_MARK}\`; the SDKs need the routing fields and the payloads of the events whose payload the specification does not show): per turn, \`turn.accepted\` (seq 1) → \`turn.running\` → \`assistant.status\`* and \`assistant.delta\`+ interleaved → exactly one of \`assistant.completed\` or \`assistant.error\`, last; every turn event has \`turn_id\`, \`conversation_id\` and \`seq\` (1, 2, 3… without gaps); to resume, send \`turn.subscribe\` (or resend the same \`user.message\`) and the server answers \`turn.snapshot\` with all text up to its \`seq\`, then streams later events; a frame the server refuses gets \`frame.rejected\` and the socket stays open. Client frames are text frames of at most ${FIELD_LIMITS.maxFrameBytes} bytes (64 KiB).`,
  '',
  'Close codes (also in `x-close-codes`):',
  '',
  ...CLOSE_CODE_RULES.map(
    (rule) =>
      `- ${rule.code}, ${rule.phases.map((phase) => (phase === 'handshake' ? 'right after the handshake' : 'on an open connection')).join(' or ')}: ${rule.when} ${rule.action}`,
  ),
].join('\n');

/** Builds the AsyncAPI 3.0 document of the WebSocket channel from the contract's schemas. */
export function buildAsyncApiDocument(): JsonSchema {
  const components = new SchemaComponents('draft-7');
  const promised = new PromisedSchemas(components);
  const messages: Record<string, JsonSchema> = {};
  const operations: Record<string, JsonSchema> = {};
  for (const message of CHANNEL_MESSAGES) {
    const example = firstExample(message.schema);
    messages[message.key] = {
      name: message.type,
      title: message.type,
      contentType: 'application/json',
      ...(message.direction === 'client'
        ? { payload: components.toJson(message.schema, 'input') }
        : serverPayload(message, components, promised)),
      ...(example === undefined ? {} : { examples: [{ payload: example }] }),
    };
    const action = message.direction === 'client' ? 'receive' : 'send';
    operations[`${action}${message.key[0]!.toUpperCase()}${message.key.slice(1)}`] = {
      action,
      channel: { $ref: '#/channels/chat' },
      summary:
        message.direction === 'client'
          ? `A client sends \`${message.type}\`.`
          : `The server sends \`${message.type}\`.`,
      messages: [{ $ref: `#/channels/chat/messages/${message.key}` }],
    };
  }
  const schemas = components.all();
  const document: JsonSchema = {
    asyncapi: '3.0.0',
    info: {
      title: 'Partner Assistant API: streaming channel',
      version: INTERFACE_VERSION,
      description:
        'WebSocket channel of the Partner Assistant API. Generated from `@partner-assistant/contract`.',
      license: { name: 'MIT', url: 'https://opensource.org/license/mit' },
      contact: {
        name: 'Partner Assistant SDK team',
        url: 'https://github.com/partner-assistant/sdk/issues',
      },
    },
    defaultContentType: 'application/json',
    servers: asyncApiServers([{ $ref: '#/components/securitySchemes/userToken' }]),
    channels: {
      chat: {
        address: WEBSOCKET_PATH,
        title: 'Chat stream',
        description: CHANNEL_DESCRIPTION,
        'x-close-codes': CLOSE_CODE_RULES,
        bindings: { ws: HANDSHAKE_BINDING },
        messages: Object.fromEntries(
          Object.keys(messages).map((key) => [key, { $ref: `#/components/messages/${key}` }]),
        ),
      },
    },
    operations,
    components: {
      schemas,
      messages,
      securitySchemes: {
        userToken: {
          type: 'httpApiKey',
          name: 'Sec-WebSocket-Protocol',
          in: 'header',
          description: `The user token, as the second element of the sub-protocol list after \`${WEBSOCKET_SUBPROTOCOL}\`.`,
        },
      },
    },
  };
  promised.finish(document, schemas);
  return document;
}

/**
 * A server event's payload as the specification promises it; an event whose payload it does not
 * show (or that it does not name: `frame.rejected`) is marked as our decision as a whole.
 */
function serverPayload(
  message: ChannelMessage,
  components: SchemaComponents,
  promised: PromisedSchemas,
): JsonSchema {
  const shape = SPECIFIED_EVENT_FIELDS[message.type as keyof typeof SPECIFIED_EVENT_FIELDS];
  const payload = promised.body(components.toJson(message.schema, 'output'), shape, message.type);
  if (shape !== 'decision') return { payload };
  const unnamed = message.type === 'frame.rejected';
  return {
    payload,
    summary: unnamed
      ? `Not in the specification. ${DECISION_NOTE}`
      : `Payload not shown by the specification: this one is our decision, which the SDKs need.`,
    [DECISION_MARK]: true,
  };
}
