/**
 * A set of interface definitions, with the parts rosidl generates for services (Request,
 * Response, Event) and actions (Goal, Result, Feedback, SendGoal, GetResult, FeedbackMessage),
 * checked as a whole: every nested type exists, no type contains itself.
 */

import {
  ARRAY_KIND,
  type DefinitionError,
  type FieldDef,
  type FieldType,
  type InterfaceDef,
  type StructDef,
} from './definition.js';
import { type ParsedSection, parseSections, TYPE_NAME } from './parse-definition.js';

export interface InterfaceFile {
  readonly pkg: string;
  readonly kind: 'msg' | 'srv' | 'action';
  readonly name: string;
  readonly file: string;
  readonly text: string;
}

const SECTIONS = { msg: 1, srv: 2, action: 3 } as const;

const nested = (typeName: string, array: FieldType['array'] = ARRAY_KIND.none, size = 0): FieldType => ({
  base: typeName,
  nested: true,
  stringBound: 0,
  array,
  size,
});
const primitive = (base: string): FieldType => ({
  base,
  nested: false,
  stringBound: 0,
  array: ARRAY_KIND.none,
  size: 0,
});

export function parseInterfaceFile(f: InterfaceFile, errors: DefinitionError[]): InterfaceDef | undefined {
  if (!TYPE_NAME.test(f.name)) {
    errors.push({ file: f.file, line: 1, message: `interface name '${f.name}' must be CamelCase` });
    return undefined;
  }
  const before = errors.length;
  const { sections, separatorLines } = parseSections(f.pkg, f.file, f.text, errors);
  if (sections.length !== SECTIONS[f.kind]) {
    const line = separatorLines[SECTIONS[f.kind] - 1] ?? 1;
    errors.push({
      file: f.file,
      line,
      message: `a .${f.kind} file has ${SECTIONS[f.kind] - 1} '---' separator(s), found ${sections.length - 1}`,
    });
  }
  if (errors.length > before) return undefined;
  const typeName = `${f.pkg}/${f.kind}/${f.name}`;
  const at = { file: f.file, line: 1 };
  const struct = (name: string, s: ParsedSection | undefined, line = 1): StructDef => ({
    typeName: name,
    fields: s?.fields ?? [],
    constants: s?.constants ?? [],
    file: f.file,
    line,
  });
  let structs: StructDef[];
  if (f.kind === 'msg') {
    structs = [struct(typeName, sections[0])];
  } else if (f.kind === 'srv') {
    structs = serviceStructs(
      typeName,
      struct(`${typeName}_Request`, sections[0]),
      struct(`${typeName}_Response`, sections[1], separatorLines[0]),
      at,
    );
  } else {
    structs = actionStructs(typeName, sections, separatorLines, struct, at);
  }
  return { kind: f.kind, typeName, pkg: f.pkg, name: f.name, structs, ...at };
}

const generatedField = (name: string, type: FieldType, at: { file: string; line: number }): FieldDef => ({
  name,
  type,
  defaultValue: undefined,
  ...at,
});

/** The service description itself, then Request, Response, Event. */
function serviceStructs(
  typeName: string,
  request: StructDef,
  response: StructDef,
  at: { file: string; line: number },
): StructDef[] {
  const event: StructDef = {
    typeName: `${typeName}_Event`,
    fields: [
      generatedField('info', nested('service_msgs/msg/ServiceEventInfo'), at),
      generatedField('request', nested(request.typeName, ARRAY_KIND.bounded, 1), at),
      generatedField('response', nested(response.typeName, ARRAY_KIND.bounded, 1), at),
    ],
    constants: [],
    ...at,
  };
  const service: StructDef = {
    typeName,
    description: true,
    fields: [
      generatedField('request_message', nested(request.typeName), at),
      generatedField('response_message', nested(response.typeName), at),
      generatedField('event_message', nested(event.typeName), at),
    ],
    constants: [],
    ...at,
  };
  return [service, request, response, event];
}

function actionStructs(
  typeName: string,
  sections: readonly ParsedSection[],
  separatorLines: readonly number[],
  struct: (name: string, s: ParsedSection | undefined, line?: number) => StructDef,
  at: { file: string; line: number },
): StructDef[] {
  const goal = struct(`${typeName}_Goal`, sections[0]);
  const result = struct(`${typeName}_Result`, sections[1], separatorLines[0]);
  const feedback = struct(`${typeName}_Feedback`, sections[2], separatorLines[1]);
  const uuid = nested('unique_identifier_msgs/msg/UUID');
  const plain = (name: string, fields: FieldDef[]): StructDef => ({ typeName: name, fields, constants: [], ...at });
  const sendGoal = serviceStructs(
    `${typeName}_SendGoal`,
    plain(`${typeName}_SendGoal_Request`, [
      generatedField('goal_id', uuid, at),
      generatedField('goal', nested(goal.typeName), at),
    ]),
    plain(`${typeName}_SendGoal_Response`, [
      generatedField('accepted', primitive('bool'), at),
      generatedField('stamp', nested('builtin_interfaces/msg/Time'), at),
    ]),
    at,
  );
  const getResult = serviceStructs(
    `${typeName}_GetResult`,
    plain(`${typeName}_GetResult_Request`, [generatedField('goal_id', uuid, at)]),
    plain(`${typeName}_GetResult_Response`, [
      generatedField('status', primitive('int8'), at),
      generatedField('result', nested(result.typeName), at),
    ]),
    at,
  );
  const feedbackMessage = plain(`${typeName}_FeedbackMessage`, [
    generatedField('goal_id', uuid, at),
    generatedField('feedback', nested(feedback.typeName), at),
  ]);
  const action: StructDef = {
    ...plain(typeName, [
      generatedField('goal', nested(goal.typeName), at),
      generatedField('result', nested(result.typeName), at),
      generatedField('feedback', nested(feedback.typeName), at),
      generatedField('send_goal_service', nested(sendGoal[0]!.typeName), at),
      generatedField('get_result_service', nested(getResult[0]!.typeName), at),
      generatedField('feedback_message', nested(feedbackMessage.typeName), at),
    ]),
    description: true,
  };
  return [action, goal, result, feedback, ...sendGoal, ...getResult, feedbackMessage];
}

/**
 * Every nested type must be defined, and no type may contain itself (through any chain of
 * fields): both reported at the field's line.
 */
export function checkReferences(
  structs: ReadonlyMap<string, StructDef>,
  only: Iterable<StructDef>,
  errors: DefinitionError[],
): void {
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (s: StructDef, chain: string[]): void => {
    if (state.get(s.typeName) === 'done') return;
    state.set(s.typeName, 'visiting');
    for (const f of s.fields) {
      if (!f.type.nested) continue;
      const target = structs.get(f.type.base);
      if (target === undefined) {
        errors.push({
          file: f.file,
          line: f.line,
          message: `unknown type '${f.type.base}' (field ${f.name} of ${s.typeName})`,
        });
        continue;
      }
      if (state.get(target.typeName) === 'visiting') {
        errors.push({
          file: f.file,
          line: f.line,
          message: `circular include: ${[...chain, s.typeName, target.typeName].join(' -> ')} (field ${f.name})`,
        });
        continue;
      }
      visit(target, [...chain, s.typeName]);
    }
    state.set(s.typeName, 'done');
  };
  for (const s of only) visit(s, []);
}
