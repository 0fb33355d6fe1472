import type { IncomingMessage } from 'node:http';
import { WEBSOCKET_PATH, WEBSOCKET_SUBPROTOCOL } from '@partner-assistant/contract';
import { ApiError, methodNotAllowed, noSuchRoute } from '@partner-assistant/engine/transport';

// RFC 6455 §4.1: a 16-byte nonce in base64; RFC 9110 token characters for sub-protocols.
const KEY = /^[+/0-9A-Za-z]{22}==$/;
const TOKEN = /^[!#$%&'*+\-.0-9A-Z^_`|a-z~]+$/;

function invalid(message: string): ApiError {
  return new ApiError('invalid_request', message, { details: [{ path: 'headers', message }] });
}

function protocolRefusal(header: string | undefined): ApiError | undefined {
  if (header === undefined) return undefined;
  const protocols = header.split(',').map((protocol) => protocol.trim());
  if (
    protocols.some((protocol) => !TOKEN.test(protocol)) ||
    new Set(protocols).size !== protocols.length
  ) {
    return invalid('Sec-WebSocket-Protocol must list distinct tokens');
  }
  // Refused here rather than completed with another sub-protocol: whatever was offered instead
  // (often the token alone) must not be echoed back in the handshake answer, where proxies log it.
  if (!protocols.includes(WEBSOCKET_SUBPROTOCOL)) {
    return invalid(`Sec-WebSocket-Protocol must offer ${WEBSOCKET_SUBPROTOCOL}, then the token`);
  }
  return undefined;
}

/**
 * Why an upgrade request cannot become a WebSocket, checked before the ws library sees it so the
 * refusal carries the error envelope (ws would answer in plain text): wrong path (404), method
 * (405) or handshake headers (422). `undefined` when the handshake may proceed.
 */
export function upgradeRefusal(
  request: IncomingMessage,
  pathname: string | undefined,
): ApiError | undefined {
  if (pathname !== WEBSOCKET_PATH) return noSuchRoute(request.method ?? 'GET', pathname ?? '/');
  if (request.method !== 'GET') {
    return methodNotAllowed(['GET']);
  }
  if (request.headers.upgrade?.toLowerCase() !== 'websocket')
    return invalid('Upgrade must be websocket');
  if (!KEY.test(request.headers['sec-websocket-key'] ?? ''))
    return invalid('Invalid Sec-WebSocket-Key');
  const version = request.headers['sec-websocket-version'];
  if (version !== '13' && version !== '8') return invalid('Sec-WebSocket-Version must be 13');
  return protocolRefusal(request.headers['sec-websocket-protocol']);
}
