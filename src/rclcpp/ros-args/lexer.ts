/**
 * The lexemes of rcl's remap, parameter and log-level rules (rcl/lexer.h), found as rcl's
 * lexer finds them: the longest lexeme at a position, or `none` covering the character that
 * made a lexeme impossible. A token is `(([a-zA-Z]_?)|_)([0-9a-zA-Z]_?)*`: no leading digit,
 * never two underscores in a row (`__` starts only `__node`, `__name` or `__ns`).
 */

export const Lexeme = {
  none: 'none',
  eof: 'eof',
  tildeSlash: '~/',
  urlService: 'rosservice://',
  urlTopic: 'rostopic://',
  colon: ':',
  node: '__node',
  ns: '__ns',
  separator: ':=',
  backreference: '\\N',
  token: 'token',
  forwardSlash: '/',
  wildOne: '*',
  wildMulti: '**',
  dot: '.',
} as const;
export type Lexeme = (typeof Lexeme)[keyof typeof Lexeme];

export interface Lexed {
  readonly type: Lexeme;
  /** Characters the lexeme covers (0 only at the end). */
  readonly length: number;
}

const TOKEN = /^(?:[A-Za-z]_?|_(?!_))(?:[0-9A-Za-z]_?)*/;

function fixed(type: Lexeme, length: number): Lexed {
  return { type, length };
}

/** The lexeme of `text` starting at `at`. */
export function lexemeAt(text: string, at: number): Lexed {
  if (at >= text.length) return fixed(Lexeme.eof, 0);
  const rest = text.slice(at);
  const c = rest[0];
  switch (c) {
    case '/':
      return fixed(Lexeme.forwardSlash, 1);
    case '.':
      return fixed(Lexeme.dot, 1);
    case '~':
      return rest[1] === '/' ? fixed(Lexeme.tildeSlash, 2) : fixed(Lexeme.none, Math.min(2, rest.length));
    case '\\':
      return /^[1-9]$/.test(rest[1] ?? '')
        ? fixed(Lexeme.backreference, 2)
        : fixed(Lexeme.none, Math.min(2, rest.length));
    case '*':
      return rest[1] === '*' ? fixed(Lexeme.wildMulti, 2) : fixed(Lexeme.wildOne, 1);
    case ':':
      return rest[1] === '=' ? fixed(Lexeme.separator, 2) : fixed(Lexeme.colon, 1);
  }
  if (rest.startsWith('__')) {
    if (rest.startsWith('__ns')) return fixed(Lexeme.ns, 4);
    if (rest.startsWith('__node') || rest.startsWith('__name')) return fixed(Lexeme.node, 6);
    return fixed(Lexeme.none, noneLength(rest));
  }
  if (rest.startsWith('rostopic://')) return fixed(Lexeme.urlTopic, 11);
  if (rest.startsWith('rosservice://')) return fixed(Lexeme.urlService, 13);
  const token = TOKEN.exec(rest);
  if (token !== null) return fixed(Lexeme.token, token[0].length);
  return fixed(Lexeme.none, 1);
}

/** Where `__` stops being a prefix of `__node`, `__name` or `__ns` (rcl's lexer stops there). */
function noneLength(rest: string): number {
  let longest = 2;
  for (const word of ['__node', '__name', '__ns']) {
    let n = 2;
    while (n < word.length && rest[n] === word[n]) n++;
    longest = Math.max(longest, n);
  }
  return Math.min(longest + 1, rest.length);
}

/** rcl's lookahead(2) buffer over one argument: peek, peek2, accept, expect. */
export class Lookahead {
  private at = 0;

  constructor(readonly text: string) {}

  /** The text not consumed yet. */
  rest(): string {
    return this.text.slice(this.at);
  }

  position(): number {
    return this.at;
  }

  peek(): Lexeme {
    return lexemeAt(this.text, this.at).type;
  }

  peek2(): readonly [Lexeme, Lexeme] {
    const first = lexemeAt(this.text, this.at);
    if (first.type === Lexeme.none || first.type === Lexeme.eof) return [first.type, first.type];
    return [first.type, lexemeAt(this.text, this.at + first.length).type];
  }

  /** Consumes the next lexeme and answers its text. */
  accept(): string {
    const l = lexemeAt(this.text, this.at);
    const s = this.text.slice(this.at, this.at + l.length);
    this.at += l.length;
    return s;
  }

  /** The next lexeme's text when it is `type` (consumed), else undefined (nothing consumed). */
  expect(type: Lexeme): string | undefined {
    return this.peek() === type ? this.accept() : undefined;
  }

  /** A rule's `node:` prefix, consumed with its colon; undefined (nothing consumed) when there is none. */
  nodePrefix(): string | undefined {
    const [l1, l2] = this.peek2();
    if (l1 !== Lexeme.token || l2 !== Lexeme.colon) return undefined;
    const node = this.accept();
    this.accept();
    return node;
  }
}
