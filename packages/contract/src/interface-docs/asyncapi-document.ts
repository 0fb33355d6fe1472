import {
  INTERFACE_VERSION,
  WEBSOCKET_PATH,
  WEBSOCKET_SUBPROTOCOL,
} from '../constants/api-version.ts';
import { CLOSE_CODES } from '../events/close-codes.ts';
import { CHANNEL_MESSAGES } from './asyncapi-messages.ts';
import { firstExample, type JsonSchema, SchemaComponents } from './schema-components.ts';

const CHANNEL_DESCRIPTION = [
  `Open with the sub-protocol list \`["${WEBSOCKET_SUBPROTOCOL}", <ACCESS_TOKEN>]\`; the server selects \`${WEBSOCKET_SUBPROTOCOL}\`. A token in the URL is refused.`,
  '',
  'Per turn: `turn.accepted` (seq 1) → `turn.running` → `assistant.status`* and `assistant.delta`+ interleaved → exactly one of `assistant.completed` or `assistant.error`, last. Every turn event has `turn_id`, `conversation_id` and `seq` (1, 2, 3… without gaps).',
  '',
  'Resume after a disconnection: reconnect with backoff, then send `turn.subscribe` (or resend the same `user.message`); the server answers `turn.snapshot` with all text up to its `seq`, then streams later events.',
  '',
  'Close codes: ' +
    Object.entries(CLOSE_CODES)
      .map(([name, code]) => `${code} (${name})`)
      .join(', ') +
    '.',
].join('\n');

/** Builds the AsyncAPI 3.0 document of the WebSocket channel from the contract's schemas. */
export function buildAsyncApiDocument(): JsonSchema {
  const components = new SchemaComponents('draft-7');
  const messages: Record<string, JsonSchema> = {};
  const operations: Record<string, JsonSchema> = {};
  for (const message of CHANNEL_MESSAGES) {
    const example = firstExample(message.schema);
    messages[message.key] = {
      name: message.type,
      title: message.type,
      contentType: 'application/json',
      payload: components.toJson(
        message.schema,
        message.direction === 'client' ? 'input' : 'output',
      ),
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
  return {
    asyncapi: '3.0.0',
    info: {
      title: 'Partner Assistant API: streaming channel',
      version: INTERFACE_VERSION,
      description:
        'WebSocket channel of the Partner Assistant API. Generated from `@partner-assistant/contract`.',
      license: { name: 'MIT' },
    },
    defaultContentType: 'application/json',
    servers: {
      api: {
        host: '{ws_host}',
        protocol: 'wss',
        description: 'The WebSocket address of the service ({ws_url}).',
        variables: { ws_host: { default: '127.0.0.1:4010' } },
        security: [{ $ref: '#/components/securitySchemes/userToken' }],
      },
    },
    channels: {
      chat: {
        address: WEBSOCKET_PATH,
        title: 'Chat stream',
        description: CHANNEL_DESCRIPTION,
        messages: Object.fromEntries(
          Object.keys(messages).map((key) => [key, { $ref: `#/components/messages/${key}` }]),
        ),
      },
    },
    operations,
    components: {
      schemas: components.all(),
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
}
