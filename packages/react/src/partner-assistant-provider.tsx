import type { PartnerAssistantClient } from '@partner-assistant/client';
import { createContext, createElement, type ReactNode, useContext } from 'react';

const ClientContext = createContext<PartnerAssistantClient | null>(null);

/** Props of {@link PartnerAssistantProvider}. */
export interface PartnerAssistantProviderProps {
  /** The client the hooks below use; create it once, outside rendering. */
  client: PartnerAssistantClient;
  children?: ReactNode;
}

/**
 * Makes `client` available to the hooks of the tree below.
 * @example
 * ```tsx
 * const client = new PartnerAssistantClient({ baseUrl, token });
 * root.render(<PartnerAssistantProvider client={client}><App /></PartnerAssistantProvider>);
 * ```
 */
export function PartnerAssistantProvider({ client, children }: PartnerAssistantProviderProps) {
  return createElement(ClientContext.Provider, { value: client }, children);
}

/**
 * The client given to the nearest {@link PartnerAssistantProvider}.
 * @throws {Error} Outside a provider.
 * @example
 * ```tsx
 * const client = usePartnerAssistantClient();
 * ```
 */
export function usePartnerAssistantClient(): PartnerAssistantClient {
  const client = useContext(ClientContext);
  if (!client) throw new Error('No <PartnerAssistantProvider> above this component');
  return client;
}
