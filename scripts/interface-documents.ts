import {
  buildAsyncApiDocument,
  buildOpenApiDocument,
} from '@partner-assistant/contract/interface-docs';
import { stringify } from 'yaml';

/** The generated interface documents: path relative to the repository root → exact file text. */
export function renderInterfaceDocuments(): Record<string, string> {
  return {
    'docs/openapi.json': `${JSON.stringify(buildOpenApiDocument(), null, 2)}\n`,
    'docs/asyncapi.yaml': stringify(buildAsyncApiDocument(), {
      lineWidth: 0,
      aliasDuplicateObjects: false,
    }),
  };
}
