/** Reserved prefix of the admin API, outside `/api/partners/v1`; served only with `--admin`. */
export const ADMIN_PREFIX = '/__admin';
