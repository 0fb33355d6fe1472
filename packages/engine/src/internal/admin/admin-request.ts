/** Reserved prefix of the admin API, outside `/api/partners/v1`; served only with `--admin`. */
export const ADMIN_PREFIX = '/__admin';

/** An admin request, transport-free. */
export interface AdminRequest {
  /** HTTP method. */
  method: string;
  /** Path after {@link ADMIN_PREFIX} (such as `/clock/advance`). */
  path: string;
  /** Query string without `?`. */
  search: string;
  /** Parsed JSON body (`undefined` when there is none). */
  body: unknown;
}
