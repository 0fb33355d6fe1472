/**
 * The code a WebSocket reports when its connection was cut without a closing handshake (a crash, a
 * network loss, a terminated socket). Never sent on the wire: a server that drops a socket leaves
 * its client this code.
 */
export const ABNORMAL_CLOSURE = 1006;

/** What a client does when the server (or the network) closed its socket. */
export type CloseAction = 'reconnect' | 'refresh-token' | 'give-up';

/**
 * The close codes a client does not simply reconnect after, as `CLOSE_CODE_RULES` says (its test
 * checks them against the rules): a
 * refused token is replaced first; a refusal at the handshake that reconnecting cannot mend
 * (`reconnect: false`) ends the connection. Every other code (1000 from the server included, 1006,
 * and codes this version does not know) is reconnected with backoff.
 */
const CLOSE_ACTIONS: Readonly<Record<number, CloseAction>> = {
  4400: 'give-up', // invalidRequest
  4401: 'refresh-token', // unauthorized
  4403: 'give-up', // insufficientScope
};

/**
 * What a client does after a close with `code`: shared by the client SDK and checked against the
 * close-code rules by the contract's tests.
 * @example
 * ```ts
 * closeActionOf(4401); // 'refresh-token'
 * closeActionOf(ABNORMAL_CLOSURE); // 'reconnect'
 * ```
 */
export function closeActionOf(code: number): CloseAction {
  return CLOSE_ACTIONS[code] ?? 'reconnect';
}
