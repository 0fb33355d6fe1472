/**
 * `pnpm bench` for the client: prints its figures, asserts nothing. The package script builds
 * the packages first, so this measures what users install.
 */
import {
  formatOutboxSize,
  formatSizeReport,
  measureClientSize,
  measureOutboxSize,
} from './client-size.ts';
import { measureRecovery, measureStreamMemory } from './realtime.ts';

console.log(formatSizeReport(await measureClientSize()));
console.log(formatOutboxSize(await measureOutboxSize()));
console.log(await measureRecovery());
console.log(await measureStreamMemory());
