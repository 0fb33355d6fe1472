import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { CLIENT_SCHEMA_PATH, renderClientSchema } from '../test/openapi-client/render-schema.ts';
import { renderInterfaceDocuments } from './interface-documents.ts';

// Writes docs/openapi.json and docs/asyncapi.yaml from the contract package's zod schemas, then
// the client types a third party generates from docs/openapi.json (checked by the test run).
const root = fileURLToPath(new URL('..', import.meta.url));
for (const [path, text] of Object.entries(renderInterfaceDocuments())) {
  writeFileSync(`${root}${path}`, text);
  console.log(`wrote ${path}`);
}
writeFileSync(`${root}${CLIENT_SCHEMA_PATH}`, await renderClientSchema());
console.log(`wrote ${CLIENT_SCHEMA_PATH}`);
