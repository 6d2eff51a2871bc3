/**
 * The TypeScript blocks of a Markdown page, for the tests that check what the docs show:
 * doc-snippets.test.ts compiles them, package-build.test.ts runs the README's talker/listener.
 */
export interface Snippet {
  /** The Markdown file, relative to the repository root. */
  readonly doc: string;
  /** 1-based line of the block's first code line in the Markdown file. */
  readonly line: number;
  readonly code: string;
}

/** The ```ts / ```typescript blocks of one Markdown text, without those marked no-check. */
export function extractSnippets(doc: string, text: string): Snippet[] {
  const snippets: Snippet[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const open = /^(\s*)```+\s*(ts|typescript)\b(.*)$/.exec(lines[i] ?? '');
    if (open === null) continue;
    const indent = open[1]?.length ?? 0;
    const start = i + 1;
    let end = start;
    while (end < lines.length && !/^\s*```/.test(lines[end] ?? '')) end++;
    if (!/\bno-check\b/.test(open[3] ?? '')) {
      const code = lines.slice(start, end).map((l) => l.slice(Math.min(indent, l.length - l.trimStart().length)));
      snippets.push({ doc, line: start + 1, code: code.join('\n') });
    }
    i = end;
  }
  return snippets;
}
