// Plain JavaScript, so that the probe's worker thread (plain Node) and the TypeScript benches
// share it.

/**
 * Sends `frame` (a `user.message` under `clientMessageId`) on `socket` and resolves once its
 * `turn.accepted` arrives; rejects on a `frame.rejected`.
 *
 * @param {import('ws').WebSocket} socket
 * @param {string} frame
 * @param {string} clientMessageId
 * @returns {Promise<void>}
 */
export function askAndAwaitAcceptance(socket, frame, clientMessageId) {
  return new Promise((resolve, reject) => {
    /** @param {import('ws').RawData} data */
    const onMessage = (data) => {
      const event = JSON.parse(data.toString());
      if (event.type === 'frame.rejected') {
        socket.off('message', onMessage);
        reject(new Error(`frame rejected: ${data.toString()}`));
      }
      if (event.type === 'turn.accepted' && event.turn?.client_message_id === clientMessageId) {
        socket.off('message', onMessage);
        resolve();
      }
    };
    socket.on('message', onMessage);
    socket.send(frame);
  });
}
