/**
 * The two setups the shared suite runs against: the reference server over real sockets, and the
 * msw handlers intercepting `fetch` and `WebSocket` in this process. Both start from the same
 * options (demo configuration, seed, manual clock), so they hand out the same ids.
 */
import { setupServer } from 'msw/node';
import { startReferenceServer } from '../../../reference-server/src/index.ts';
import {
  createPartnerAssistantHandlers,
  type PartnerAssistantControl,
  type PartnerAssistantHandlersOptions,
} from '../../src/index.ts';

/** What a suite may add to the shared options: the profile and the case of issued ids. */
export type ProfileOptions = Pick<PartnerAssistantHandlersOptions, 'profile' | 'uuidCase'>;

/** One running setup, as a test sees it. */
export interface RunningSetup {
  /** Base URL the app calls. */
  baseUrl: string;
  /** The same controls on both. */
  control: PartnerAssistantControl;
  /** Stops it. */
  close(): Promise<void>;
}

/** A named way to get a {@link RunningSetup}. */
export interface SuiteSetup {
  name: string;
  start(options?: ProfileOptions): Promise<RunningSetup>;
}

/** The options both setups share. */
export const SHARED_OPTIONS = { seed: 'shared-suite', clock: 'manual' } as const;

/** An origin nobody listens on: only msw answers it. */
export const MOCKED_ORIGIN = 'https://assistant.example.test';

export const SETUPS: SuiteSetup[] = [
  {
    name: 'reference server',
    start: async (options = {}) => {
      const server = await startReferenceServer({ ...SHARED_OPTIONS, ...options, port: 0 });
      return { baseUrl: server.url, control: server.control, close: () => server.close() };
    },
  },
  {
    name: 'msw handlers',
    start: async (options = {}) => {
      const { handlers, control } = createPartnerAssistantHandlers({
        ...SHARED_OPTIONS,
        ...options,
        baseUrl: MOCKED_ORIGIN,
      });
      const server = setupServer(...handlers);
      server.listen({ onUnhandledRequest: 'error' });
      return {
        baseUrl: MOCKED_ORIGIN,
        control,
        close: async () => server.close(),
      };
    },
  },
];
