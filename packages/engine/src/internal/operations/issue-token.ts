import type { Token } from '@partner-assistant/contract';
import { issueUserToken } from '../identity/token-registry.ts';
import type { ApplicationRecord } from '../state/engine-state.ts';
import { type UserRecord, userKey } from '../state/engine-state.ts';
import type { OperationHandler } from './operation-types.ts';

/**
 * The application's spelling of `requested` when it lists it; else its first locale, and answers
 * then follow each question's language (`localeRequested: false`).
 */
function effectiveLocale(application: ApplicationRecord, requested: string | undefined) {
  const wanted = requested?.toLowerCase();
  const listed = application.locales.find((locale) => locale.toLowerCase() === wanted);
  return {
    locale: listed ?? application.locales[0] ?? 'en',
    localeRequested: listed !== undefined,
  };
}

/**
 * `POST /tokens`: maps the external user inside the partner's tenant and the application's
 * environment (the partner's applications of one environment share their users), and issues a
 * token.
 */
export const issueToken: OperationHandler<'issueToken'> = ({ context }, caller, { body }) => {
  const key = userKey(caller.application, body.external_user_id);
  let user: UserRecord | undefined = context.state.users.get(key);
  if (!user) {
    user = {
      id: context.random.uuid(),
      partnerId: caller.partner.id,
      environment: caller.application.environment,
      externalUserId: body.external_user_id,
    };
    context.state.users.set(key, user);
  }
  const { locale, localeRequested } = effectiveLocale(caller.application, body.locale);
  const record = issueUserToken(context, {
    application: caller.application,
    user,
    locale,
    localeRequested,
  });
  const token: Token = {
    access_token: record.token,
    token_type: 'Bearer',
    expires_in: caller.application.tokenTtlSeconds,
    expires_at: new Date(record.expiresAt).toISOString(),
    scopes: [...record.scopes],
    user: { id: user.id },
  };
  return { status: 200, body: token, headers: { 'Cache-Control': 'no-store', Pragma: 'no-cache' } };
};
