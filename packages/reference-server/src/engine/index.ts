/**
 * The transport-independent engine, kept under this entry point for existing imports.
 *
 * @deprecated Import `@partner-assistant/engine` (the engine and its controls) instead; transports
 * over it use `@partner-assistant/engine/transport`. This entry point will be removed in the next
 * major version.
 * @packageDocumentation
 */
export * from '@partner-assistant/engine/transport';
