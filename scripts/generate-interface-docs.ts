import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { renderInterfaceDocuments } from './interface-documents.ts';

// Writes docs/openapi.json and docs/asyncapi.yaml from the contract package's zod schemas.
const root = fileURLToPath(new URL('..', import.meta.url));
for (const [path, text] of Object.entries(renderInterfaceDocuments())) {
  writeFileSync(`${root}${path}`, text);
  console.log(`wrote ${path}`);
}
