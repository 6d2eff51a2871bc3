/**
 * One `-r/--remap` rule as rcl parses it (rcl/src/rcl/arguments.c, _rcl_parse_remap_rule):
 *   [node_name ':'] ( '__node:=' token | '__ns:=' '/' (token '/')* | name_remap )
 *   name_remap = ['rostopic://' | 'rosservice://'] ['~/' | '/'] token ('/' token)* ':=' replacement
 * Wildcards (`*`, `**`) and backreferences (`\1`) are grammar rcl reserves but does not
 * implement; like rcl, rclts refuses them.
 */

import { err, ok, type ResultOf } from '../../result.js';
import { Lexeme, Lookahead } from './lexer.js';

/** What a rule renames: a topic, a service, either (no URL prefix), the node's name or namespace. */
export const RemapKind = {
  topic: 'topic',
  service: 'service',
  topicOrService: 'topic_or_service',
  nodeName: 'node_name',
  namespace: 'namespace',
} as const;
export type RemapKind = (typeof RemapKind)[keyof typeof RemapKind];

export interface RemapRule {
  readonly kind: RemapKind;
  /** The node the rule applies to (`node:from:=to`); undefined: every node. */
  readonly nodeName: string | undefined;
  /** The name matched, as written (expanded against the node when matched); topic and service rules only. */
  readonly match: string | undefined;
  readonly replacement: string;
  /** The rule as given, for messages. */
  readonly text: string;
}

type Step = ResultOf<undefined>;
const DONE: Step = ok(undefined);

function invalid(text: string, why: string): ResultOf<never> {
  return err('InvalidArgument', `remap rule '${text}': ${why}`);
}

/** token, or refused wildcard / backreference, at a name position. */
function nameToken(lex: Lookahead, text: string, side: 'match' | 'replacement'): Step {
  const l = lex.peek();
  if (l === Lexeme.token) {
    lex.accept();
    return DONE;
  }
  if (side === 'match' && (l === Lexeme.wildOne || l === Lexeme.wildMulti)) {
    return err('Unsupported', `remap rule '${text}': wildcard '${l}' is not implemented (nor is it in rcl)`);
  }
  if (side === 'replacement' && l === Lexeme.backreference) {
    return err('Unsupported', `remap rule '${text}': backreferences are not implemented (nor are they in rcl)`);
  }
  return invalid(text, `expected a name token at '${lex.rest()}'`);
}

/** ['~/' | '/'] token ('/' token)* up to `end`; answers the text read. */
function name(lex: Lookahead, text: string, side: 'match' | 'replacement', end: Lexeme): ResultOf<string> {
  const start = lex.position();
  const first = lex.peek();
  if (first === Lexeme.tildeSlash || first === Lexeme.forwardSlash) lex.accept();
  const t = nameToken(lex, text, side);
  if (!t.ok) return t;
  while (lex.peek() !== end) {
    if (lex.expect(Lexeme.forwardSlash) === undefined) return invalid(text, `unexpected '${lex.rest()}'`);
    const n = nameToken(lex, text, side);
    if (!n.ok) return n;
  }
  return ok(lex.text.slice(start, lex.position()));
}

function nodeNameRule(lex: Lookahead, text: string, nodeName: string | undefined): ResultOf<RemapRule> {
  lex.accept();
  if (lex.expect(Lexeme.separator) === undefined) return invalid(text, "expected ':=' after __node");
  const replacement = lex.expect(Lexeme.token);
  if (replacement === undefined) return invalid(text, `'${lex.rest()}' is not a valid node name`);
  return ok({ kind: RemapKind.nodeName, nodeName, match: undefined, replacement, text });
}

function namespaceRule(lex: Lookahead, text: string, nodeName: string | undefined): ResultOf<RemapRule> {
  lex.accept();
  if (lex.expect(Lexeme.separator) === undefined) return invalid(text, "expected ':=' after __ns");
  const start = lex.position();
  if (lex.expect(Lexeme.forwardSlash) === undefined) {
    return invalid(text, `namespace '${lex.rest()}' is not fully qualified (must start with '/')`);
  }
  // tokens and slashes; a trailing slash is allowed, not required
  while (lex.expect(Lexeme.token) !== undefined && lex.expect(Lexeme.forwardSlash) !== undefined) {}
  if (lex.peek() !== Lexeme.eof) return invalid(text, `namespace '${lex.text.slice(start)}' is not valid`);
  const written = lex.text.slice(start);
  const replacement = written.length > 1 && written.endsWith('/') ? written.slice(0, -1) : written;
  return ok({ kind: RemapKind.namespace, nodeName, match: undefined, replacement, text });
}

function nameRule(lex: Lookahead, text: string, nodeName: string | undefined): ResultOf<RemapRule> {
  let kind: RemapKind = RemapKind.topicOrService;
  if (lex.expect(Lexeme.urlService) !== undefined) kind = RemapKind.service;
  else if (lex.expect(Lexeme.urlTopic) !== undefined) kind = RemapKind.topic;
  const match = name(lex, text, 'match', Lexeme.separator);
  if (!match.ok) return match;
  lex.accept();
  const replacement = name(lex, text, 'replacement', Lexeme.eof);
  if (!replacement.ok) return replacement;
  return ok({ kind, nodeName, match: match.value, replacement: replacement.value, text });
}

/** Parses one remap rule; InvalidArgument naming it when malformed, Unsupported for wildcards and backreferences. */
export function parseRemapRule(text: string): ResultOf<RemapRule> {
  const lex = new Lookahead(text);
  const nodeName = lex.nodePrefix();
  const l = lex.peek();
  const rule =
    l === Lexeme.node
      ? nodeNameRule(lex, text, nodeName)
      : l === Lexeme.ns
        ? namespaceRule(lex, text, nodeName)
        : nameRule(lex, text, nodeName);
  if (!rule.ok) return rule;
  if (lex.peek() !== Lexeme.eof) return invalid(text, `unexpected '${lex.rest()}' at the end`);
  return rule;
}
