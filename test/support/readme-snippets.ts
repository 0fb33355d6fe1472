import { readFileSync } from 'node:fs';

/** One file cut from a Markdown ```ts or ```tsx block, exactly as a reader copies it. */
export interface ReadmeSnippet {
  /** `backend-1.ts`: the label, the block's number (and part, when a block is split). */
  file: string;
  code: string;
  /**
   * Marked ```ts fragment: a few lines shown inside a larger program the page describes, so
   * not a file of its own. Kept rare; every other block compiles as it stands.
   */
  fragment: boolean;
  /** `test/msw.setup.ts`: the path the block names on its first line (`// test/msw.setup.ts`). */
  path?: string;
}

/**
 * The ```ts and ```tsx blocks of a Markdown file, each a file named after `label`. A block holding
 * several files, marked by `// path/to/file.ts` lines, is cut into one snippet per file.
 */
export function markdownSnippets(markdownFile: string, label: string): ReadmeSnippet[] {
  const markdown = readFileSync(markdownFile, 'utf8');
  const blocks = [...markdown.matchAll(/^```(tsx?)( fragment)?\n([\s\S]*?)^```$/gm)];
  return blocks.flatMap(([, language = 'ts', fragment, block = ''], index) => {
    const parts = block.split(/^(?=\/\/ [\w./-]+\.tsx?\s*$)/m).filter((part) => part.trim() !== '');
    return parts.map((code, partIndex) => {
      const path = /^\/\/ ([\w./-]+\.tsx?)\b/.exec(code)?.[1];
      return {
        file: `${label}-${index + 1}${parts.length > 1 ? `-${partIndex + 1}` : ''}.${language}`,
        code,
        fragment: fragment !== undefined,
        ...(path ? { path } : {}),
      };
    });
  });
}

/** The ```ts blocks of a package's README that are whole files (not fragments). */
export function readmeSnippets(packageDir: string, label: string): ReadmeSnippet[] {
  return markdownSnippets(`${packageDir}/README.md`, label).filter(
    (snippet) => !snippet.fragment && snippet.file.endsWith('.ts'),
  );
}
