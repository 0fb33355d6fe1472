import type { ResponseSchema } from '@partner-assistant/sdk-core/internal';
import type { RouteName } from '../internal/routes.ts';
import { whyNot } from './shape.ts';

/**
 * The door of every REST success body: the check of `route`'s body against the contract, in the
 * form the request machinery takes. A body that does not fit fails the call with
 * `invalid_response`, its status and request id, and the reason (which field, and for a value
 * this version does not know, such as a new turn status, the value received).
 */
export function responseGuard<T>(route: RouteName): ResponseSchema<T> {
  return {
    safeParse(value) {
      const reason = whyNot(route, value, '');
      return reason ? { success: false, reason } : { success: true, data: value as T };
    },
  };
}
