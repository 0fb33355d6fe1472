/**
 * The transport-independent engine, kept under this entry point for existing imports; it now
 * lives in `@partner-assistant/engine`.
 *
 * @packageDocumentation
 */
export * from '@partner-assistant/engine/internal';
