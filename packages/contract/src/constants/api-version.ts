/** Version segment of every REST path and of the WebSocket sub-protocol. */
export const API_VERSION = 'v1' as const;

/** Version of the interface description (OpenAPI `info.version`, AsyncAPI `info.version`). */
export const INTERFACE_VERSION = '1.0.0' as const;

/** Prefix shared by every REST path, relative to the base URL. */
export const PATH_PREFIX = '/api/partners/v1' as const;

/** Path of the WebSocket channel, relative to the WebSocket URL. */
export const WEBSOCKET_PATH = `${PATH_PREFIX}/chat` as const;

/**
 * First element of the requested WebSocket sub-protocol list; the user token is the second.
 * The server selects this value when it accepts the connection.
 */
export const WEBSOCKET_SUBPROTOCOL = 'service.partner.v1' as const;
