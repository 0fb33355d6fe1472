import { readFileSync } from 'node:fs';

/** One TypeScript file cut from a README's ```ts block. */
export interface ReadmeSnippet {
  /** `backend-1.ts`: the package folder and the block's number (and part, when a block is split). */
  file: string;
  code: string;
}

const SERVER_MODULE = "import('@partner-assistant/reference-server')";

/**
 * Declarations a snippet may lean on without writing them: the surrounding program (your app,
 * your login middleware, a server started earlier) and the test runner's functions. Each is added
 * only to snippets that use the name without declaring or importing it.
 */
const PRELUDE: Record<string, string> = {
  render: 'declare function render(text: unknown): void;',
  frame: 'declare const frame: string;',
  app: "declare const app: import('express').Express;",
  requireLogin: "declare const requireLogin: import('express').RequestHandler;",
  config: `declare const config: NonNullable<Parameters<typeof ${SERVER_MODULE}.startReferenceServer>[0]>['config'];`,
  startReferenceServer: `declare const startReferenceServer: typeof ${SERVER_MODULE}.startReferenceServer;`,
  server: `declare const server: ${SERVER_MODULE}.RunningReferenceServer;`,
  turnId: 'declare const turnId: string;',
  accessToken: 'declare const accessToken: string;',
  startedAt: 'declare const startedAt: string;',
  tenant: 'declare const tenant: { clientId: string; clientSecret: string; partnerId: string };',
  conversationId: 'declare const conversationId: string;',
  externalUserId: 'declare const externalUserId: string;',
  client: "declare const client: import('@partner-assistant/client').PartnerAssistantClient;",
  backend: "declare const backend: import('@partner-assistant/backend').PartnerBackend;",
  authorization: 'declare const authorization: string;',
  defineConfig: 'declare function defineConfig(config: object): object;',
  // The test runner's globals, as any runner has them.
  expect: 'declare const expect: (value: unknown) => any;',
  it: 'declare function it(name: string, test: () => unknown): void;',
  test: 'declare function test(name: string, test: () => unknown): void;',
  beforeAll: 'declare function beforeAll(hook: () => unknown): void;',
  afterAll: 'declare function afterAll(hook: () => unknown): void;',
  afterEach: 'declare function afterEach(hook: () => unknown): void;',
};

/** `req.user` in an Express handler: what a login middleware such as Passport adds. */
const EXPRESS_USER =
  'declare global { namespace Express { interface Request { user?: { id: string } } } }';

const escapeName = (name: string) => name.replace(/[$]/g, '\\$');

function declares(code: string, name: string): boolean {
  const word = escapeName(name);
  return (
    new RegExp(`\\b(?:const|let|var|function|class|type|interface)\\s+${word}\\b`).test(code) ||
    new RegExp(`\\b(?:const|let|var)\\s*\\{[^}]*\\b${word}\\b[^}]*\\}`).test(code) ||
    new RegExp(`\\bimport\\b[^;]*\\b${word}\\b[^;]*\\bfrom\\b`).test(code)
  );
}

/** The snippet with the declarations it needs, as a module (it may use top-level await). */
export function withPrelude(code: string): string {
  const lines = Object.entries(PRELUDE)
    .filter(
      ([name, _]) => new RegExp(`\\b${escapeName(name)}\\b`).test(code) && !declares(code, name),
    )
    .map(([, declaration]) => declaration);
  if (/\breq\.user\b/.test(code)) lines.push(EXPRESS_USER);
  // An augmented module must be part of the program, as the reader's other files make it.
  for (const [, module] of code.matchAll(/declare module '([^']+)'/g)) {
    lines.push(`import type {} from '${module}';`);
  }
  return `${code}\n\n// Declarations the README leaves to the reader.\n${lines.join('\n')}\nexport {};\n`;
}

/**
 * The ```ts blocks of a Markdown file, each a file named after `label`. A block holding several
 * files, marked by `// path/to/file.ts` lines, is cut into one snippet per file.
 */
export function markdownSnippets(markdownFile: string, label: string): ReadmeSnippet[] {
  const markdown = readFileSync(markdownFile, 'utf8');
  const blocks = [...markdown.matchAll(/^```ts\n([\s\S]*?)^```$/gm)].map((match) => match[1] ?? '');
  return blocks.flatMap((block, index) => {
    const parts = block.split(/^(?=\/\/ [\w./-]+\.ts\s*$)/m).filter((part) => part.trim() !== '');
    return parts.map((part, partIndex) => ({
      file: `${label}-${index + 1}${parts.length > 1 ? `-${partIndex + 1}` : ''}.ts`,
      code: withPrelude(part),
    }));
  });
}

/** The ```ts blocks of a package's README. */
export function readmeSnippets(packageDir: string, label: string): ReadmeSnippet[] {
  return markdownSnippets(`${packageDir}/README.md`, label);
}
