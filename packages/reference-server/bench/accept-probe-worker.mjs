// The probe of `measureAcceptUnderLoad`, on a thread of its own so that the load generator's
// frames never delay it: one socket asks one question at a time, every `everyMs`, and times each
// `user.message` to its `turn.accepted`. Posts the durations (ms) when told to stop.
import { parentPort, workerData } from 'node:worker_threads';
import WebSocket from 'ws';
import { askAndAwaitAcceptance } from './await-acceptance.mjs';

const { channelUrl, protocols, conversationId, question, everyMs } = workerData;
const socket = new WebSocket(channelUrl, protocols);
await new Promise((resolve, reject) => {
  socket.once('open', resolve);
  socket.once('error', reject);
});
let durations = [];
let probing = true;
parentPort.on('message', (message) => {
  if (message === 'reset') durations = [];
  if (message === 'stop') probing = false;
});
parentPort.postMessage('ready');

/** Asks one question and waits for its acceptance. */
function acceptance(clientMessageId) {
  const frame = JSON.stringify({
    type: 'user.message',
    conversation_id: conversationId,
    client_message_id: clientMessageId,
    message: question,
  });
  return askAndAwaitAcceptance(socket, frame, clientMessageId);
}

for (let index = 0; probing; index++) {
  const started = performance.now();
  await acceptance(`ws-probe-${process.pid}-${index}`);
  durations.push(performance.now() - started);
  const wait = everyMs - (performance.now() - started);
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
}
socket.close();
parentPort.postMessage(durations);
