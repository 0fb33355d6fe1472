/**
 * A getting-started page read as a reader follows it: the files it asks to create (a code block
 * whose paragraph starts with the file name, "`server.ts`: …"), and its shell commands in order.
 */
import { readFileSync } from 'node:fs';

/** What a page asks the reader to do. */
export interface DocPage {
  /** Files to create, by the name the page gives them. */
  files: Map<string, string>;
  /**
   * The `npm install` commands its prose names, then every line of its `sh` blocks (comments and
   * blank lines dropped), in page order.
   */
  commands: string[];
}

const FENCE = /^```(\w*)\n([\s\S]*?)^```$/gm;

/**
 * Reads a page. `ports` rewrites the fixed ports the page names (8080, 3000…) to free ones, in
 * commands and files alike: tests never listen on a fixed port.
 */
export function readDocPage(path: string, ports: Record<number, number> = {}): DocPage {
  let text = readFileSync(path, 'utf8');
  for (const [from, to] of Object.entries(ports)) {
    text = text.replace(new RegExp(`\\b${from}\\b`, 'g'), String(to));
  }
  const files = new Map<string, string>();
  const commands: string[] = [];
  // Installs the prose asks for ("then `npm install --save-dev tsx`"), before the blocks' own.
  const prose = text.replace(FENCE, '');
  for (const match of prose.matchAll(/`(npm install [^`]+)`/g)) commands.push(match[1] ?? '');
  for (const match of text.matchAll(FENCE)) {
    const [, lang, code = ''] = match;
    if (lang === 'sh') {
      for (const line of code.split('\n')) {
        const command = line.replace(/\s+#.*$/, '').trim();
        if (command && !command.startsWith('#')) commands.push(command);
      }
      continue;
    }
    const before = text.slice(0, match.index).trimEnd();
    const paragraph = before.slice(before.lastIndexOf('\n\n') + 2);
    const name = /^`([\w./-]+\.\w+)`:/.exec(paragraph)?.[1];
    if (name) files.set(name, code);
  }
  return { files, commands };
}

/** The environment a page's `export NAME=value` lines set. */
export function exportedEnv(commands: string[]): Record<string, string> {
  const env: Record<string, string> = {};
  for (const command of commands) {
    const match = /^export (\w+)=(\S+)$/.exec(command);
    if (match?.[1] && match[2] !== undefined) env[match[1]] = match[2];
  }
  return env;
}

/** A `curl` line of a page as a fetch: `curl -X POST -H 'x-user: alice' URL`. */
export function curlRequest(command: string): { url: string; init: RequestInit } {
  const words = [...command.matchAll(/'([^']*)'|"([^"]*)"|(\S+)/g)].map(
    (match) => match[1] ?? match[2] ?? match[3] ?? '',
  );
  const headers: Record<string, string> = {};
  let method = 'GET';
  let url = '';
  for (let index = 1; index < words.length; index++) {
    const word = words[index] ?? '';
    if (word === '-X') method = words[++index] ?? method;
    else if (word === '-H') {
      const [name = '', ...value] = (words[++index] ?? '').split(':');
      headers[name.trim()] = value.join(':').trim();
    } else if (!word.startsWith('-')) url = word;
  }
  return { url, init: { method, headers } };
}
