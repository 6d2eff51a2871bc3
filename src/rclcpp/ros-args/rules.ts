/**
 * The value rules of `--ros-args` other than remapping, as rcl parses them
 * (rcl/src/rcl/arguments.c): `-p [node:]name:=yaml` and `--log-level [name:=]level`.
 */

import { err, ok, type ResultOf } from '../../result.js';
import { parseParameterValue } from '../parameters/overrides.js';
import type { ParameterValue } from '../parameters/value.js';
import { Lexeme, Lookahead } from './lexer.js';

/** One `-p` rule: for every node (`node` undefined) or for the node of that name. */
export interface ParamOverride {
  readonly node: string | undefined;
  readonly name: string;
  readonly value: ParameterValue;
}

/** One `--log-level` rule: the default level (`name` undefined) or one logger's. */
export interface LogLevelRule {
  readonly name: string | undefined;
  /** rcutils' severity name, lower case: unset, debug, info, warn, error, fatal. */
  readonly level: string;
}

/** `-p [node:]name:=value`: the name is tokens and `/` joined by `.`; the value is YAML. */
export function parseParamRule(flag: string, text: string): ResultOf<ParamOverride> {
  const what = `${flag} '${text}'`;
  const lex = new Lookahead(text);
  const node = lex.nodePrefix();
  const start = lex.position();
  for (;;) {
    const first = lex.peek();
    if (first === Lexeme.wildOne || first === Lexeme.wildMulti) {
      return err(
        'Unsupported',
        `${what}: wildcard '${first}' in a parameter name is not implemented (nor is it in rcl)`,
      );
    }
    if (first !== Lexeme.token && first !== Lexeme.forwardSlash) {
      return err('InvalidArgument', `${what}: expected a parameter name at '${lex.rest()}' (name:=value)`);
    }
    while (lex.peek() === Lexeme.token || lex.peek() === Lexeme.forwardSlash) lex.accept();
    if (lex.peek() === Lexeme.separator) break;
    if (lex.expect(Lexeme.dot) === undefined) {
      return err('InvalidArgument', `${what}: unexpected '${lex.rest()}' in the parameter name (name:=value)`);
    }
  }
  const name = text.slice(start, lex.position());
  lex.accept();
  const value = parseParameterValue(`${flag} ${name}`, lex.rest());
  return value.ok ? ok({ node, name, value: value.value }) : value;
}

const SEVERITIES = new Map([
  ['UNSET', 'unset'],
  ['DEBUG', 'debug'],
  ['INFO', 'info'],
  ['WARN', 'warn'],
  ['WARNING', 'warn'],
  ['ERROR', 'error'],
  ['FATAL', 'fatal'],
]);

/** rcutils_logging_severity_level_from_string: case-insensitive. */
function severity(text: string): string | undefined {
  return SEVERITIES.get(text.toUpperCase());
}

/** `--log-level level` or `--log-level name:=level` (the name is everything before the first `:=`). */
export function parseLogLevelRule(text: string): ResultOf<LogLevelRule> {
  const what = `--log-level '${text}'`;
  const lex = new Lookahead(text);
  let named = false;
  for (let l = lex.peek(); l !== Lexeme.eof; l = lex.peek()) {
    if (l === Lexeme.separator) {
      named = true;
      break;
    }
    lex.accept();
  }
  if (!named) {
    const level = severity(text);
    if (level === undefined)
      return err('InvalidArgument', `${what}: not a severity (debug, info, warn, error, fatal, unset)`);
    return ok({ name: undefined, level });
  }
  const name = text.slice(0, lex.position());
  if (name.length === 0) return err('InvalidArgument', `${what}: the logger name is empty`);
  lex.accept();
  const token = lex.expect(Lexeme.token);
  const level = token === undefined || lex.peek() !== Lexeme.eof ? undefined : severity(token);
  if (level === undefined) {
    return err(
      'InvalidArgument',
      `${what}: '${lex.text.slice(name.length + 2)}' is not a severity (debug, info, warn, error, fatal, unset)`,
    );
  }
  return ok({ name, level });
}
