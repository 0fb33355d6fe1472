import { PartnerAssistantClient, reactNativeLifecycle } from '@partner-assistant/client';
import { AppState } from 'react-native';

/**
 * Your backend: the API's base URL, and the route of your backend's token broker (see the
 * backend example). From the Android emulator, the host machine is `10.0.2.2`.
 */
export const API_BASE_URL = 'http://127.0.0.1:4010';
export const TOKEN_URL = 'http://127.0.0.1:3000/assistant/token';

/**
 * The client, created once. `reactNativeLifecycle({ AppState })` tells it when the app goes to
 * the background and comes back: it then checks the socket at once and reconnects if the OS cut
 * it, instead of waiting for the heartbeat. The app holds no secret, only user tokens.
 */
export const assistantClient = new PartnerAssistantClient({
  baseUrl: API_BASE_URL,
  token: async () => {
    // Your own session travels with the request (cookie or header): the broker reads the user there.
    const response = await fetch(TOKEN_URL, { method: 'POST' });
    if (!response.ok) throw new Error(`The token endpoint answered ${response.status}`);
    return response.json();
  },
  lifecycle: reactNativeLifecycle({ AppState }),
});
