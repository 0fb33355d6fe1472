export { buildAsyncApiDocument } from './asyncapi-document.ts';
export { buildOpenApiDocument } from './openapi-document.ts';
export type { JsonSchema } from './schema-components.ts';
