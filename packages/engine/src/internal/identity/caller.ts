import type { ApplicationRecord, PartnerRecord, TokenRecord } from '../state/engine-state.ts';

/** An application authenticated with HTTP Basic. */
export interface ApplicationCaller {
  /** The application. */
  application: ApplicationRecord;
  /** Its partner (tenant). */
  partner: PartnerRecord;
}

/** A user authenticated with a Bearer token. */
export interface UserCaller extends ApplicationCaller {
  /** The token presented. */
  token: TokenRecord;
}

/** True when `caller` authenticated with a user token. */
export function isUserCaller(caller: ApplicationCaller | UserCaller): caller is UserCaller {
  return 'token' in caller;
}
