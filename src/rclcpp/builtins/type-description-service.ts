/**
 * `~/get_type_description` (type_description_interfaces/srv/GetTypeDescription, REP-2011), which
 * rcl starts on every node: answers for a type hash some endpoint of this node uses, with the
 * words rcl answers in (rcl/src/rcl/node.c, rcl_node_type_description_service_handle_request).
 * Like rcl it looks at the hash alone, not at the type name asked with it. Type sources are not
 * kept (rclts carries no .msg text at run time): `type_sources` is empty when asked for, which
 * rcl also answers for a type registered without sources.
 */

import { ok, type ResultOf } from '../../result.js';
import type { Node, ServiceHandle } from '../api.js';
import type {
  GetTypeDescription_Request,
  GetTypeDescription_Response,
} from '../interfaces/generated/type_description_interfaces/codec.js';
import { TypeDescription } from '../interfaces/generated/type_description_interfaces/msg.js';
import { GetTypeDescription } from '../interfaces/generated/type_description_interfaces/srv.js';
import type { UsedType } from '../node-entities.js';
import { QoS } from '../qos.js';
import { bundledTypeDescription } from './type-descriptions.js';

export const TYPE_DESCRIPTION_SERVICE = '~/get_type_description';

/** rosidl_parse_type_hash_string: `RIHS` + two hex digits of version + `_` + 64 hex digits (version 1). */
const TYPE_HASH = /^RIHS01_[0-9a-fA-F]{64}$/;

function refusal(reason: string): GetTypeDescription_Response {
  return {
    successful: false,
    failure_reason: reason,
    type_description: TypeDescription.create(),
    type_sources: [],
    extra_information: [],
  };
}

/** The answer to one request, given how the node finds a type it uses by hash. */
export function answerTypeDescription(
  request: GetTypeDescription_Request,
  typeInUse: (typeHash: string) => UsedType | undefined,
): GetTypeDescription_Response {
  if (!TYPE_HASH.test(request.type_hash)) return refusal('Failed to parse type hash');
  const used = typeInUse(`RIHS01_${request.type_hash.slice(7).toLowerCase()}`);
  if (used === undefined) return refusal('Type not currently in use by this node');
  const description = bundledTypeDescription(used.typeName);
  if (description === undefined) return refusal('Failed to populate TypeDescription to response.');
  return {
    successful: true,
    failure_reason: '',
    type_description: description,
    type_sources: [],
    extra_information: [],
  };
}

export function startTypeDescriptionService(
  node: Node,
  typeInUse: (typeHash: string) => UsedType | undefined,
): ResultOf<ServiceHandle> {
  const s = node.createService(
    GetTypeDescription,
    TYPE_DESCRIPTION_SERVICE,
    (request) => answerTypeDescription(request, typeInUse),
    QoS.services(),
  );
  return s.ok ? ok(s.value) : s;
}
