/**
 * `pnpm bench` for the client: prints its figures, asserts nothing. Run after a build of the
 * contract, the shared core and the client (the package script builds them first).
 */
import { formatSizeReport, measureClientSize } from './client-size.ts';

console.log(formatSizeReport(await measureClientSize()));
