import type { Socket } from 'node:net';
import type { NetworkFaultAction } from '@partner-assistant/engine/transport';

/**
 * Does to a connection what a network fault says, never answering: a reset destroys it at once
 * (a TCP RST where the platform allows, as a peer resetting it); a hang leaves it open until the
 * client gives up or the fault is cleared, then closes it.
 */
export function applyNetworkFault(socket: Socket, fault: NetworkFaultAction): void {
  if (fault.kind === 'connection-reset') {
    if (typeof socket.resetAndDestroy === 'function') socket.resetAndDestroy();
    else socket.destroy();
    return;
  }
  void fault.released.then(() => socket.destroy());
}
