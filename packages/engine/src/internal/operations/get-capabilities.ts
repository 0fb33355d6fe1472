import { API_VERSION, type Capabilities } from '@partner-assistant/contract';
import type { OperationHandler } from './operation-types.ts';

/** `GET /capabilities`: the calling application's environment, verticals, locales and limits. */
export const getCapabilities: OperationHandler<'getCapabilities'> = (
  _services,
  { application, partner },
) => {
  const capabilities: Capabilities = {
    api_version: API_VERSION,
    partner: { id: partner.id, name: partner.name },
    environment: application.environment,
    locales: [...application.locales],
    capabilities: [...application.capabilities],
    limits: { ...application.limits },
  };
  return { status: 200, body: capabilities };
};
