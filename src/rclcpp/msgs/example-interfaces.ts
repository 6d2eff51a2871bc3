/** example_interfaces/srv/AddTwoInts: int64 a, int64 b -> int64 sum, all as bigint. */
import type { ServiceType } from '../type-support.js';
import { cdrMessageType, cdrServiceType, int64Field } from './cdr.js';

export interface AddTwoIntsRequest {
  readonly a: bigint;
  readonly b: bigint;
}

export interface AddTwoIntsResponse {
  readonly sum: bigint;
}

/** The service's hash (rmw_zenoh keys services by it, not by the Request/Response hashes). */
export const ADD_TWO_INTS_TYPE_HASH = 'RIHS01_e118de6bf5eeb66a2491b5bda11202e7b68f198d6f67922cf30364858239c81a';
export const ADD_TWO_INTS_REQUEST_TYPE_HASH = 'RIHS01_000c5fd92d6b2e1a05949348f584d6d652adea1e92d691792011ac2273508302';
export const ADD_TWO_INTS_RESPONSE_TYPE_HASH =
  'RIHS01_de5c030d4af33cba2749310b249737b631594703f9300495f48bffb2b44dcc2f';

const REQUEST = 'example_interfaces/srv/AddTwoInts_Request';
const RESPONSE = 'example_interfaces/srv/AddTwoInts_Response';

export const AddTwoIntsType: ServiceType<AddTwoIntsRequest, AddTwoIntsResponse> = cdrServiceType(
  'example_interfaces/srv/AddTwoInts',
  ADD_TWO_INTS_TYPE_HASH,
  cdrMessageType<AddTwoIntsRequest>(
    REQUEST,
    ADD_TWO_INTS_REQUEST_TYPE_HASH,
    (w, m) => w.int64(int64Field(REQUEST, 'a', m.a)).int64(int64Field(REQUEST, 'b', m.b)),
    (r) => ({ a: r.int64(), b: r.int64() }),
  ),
  cdrMessageType<AddTwoIntsResponse>(
    RESPONSE,
    ADD_TWO_INTS_RESPONSE_TYPE_HASH,
    (w, m) => w.int64(int64Field(RESPONSE, 'sum', m.sum)),
    (r) => ({ sum: r.int64() }),
  ),
);

/** `example_interfaces.srv.AddTwoInts`, as in ROS. */
export const example_interfaces = Object.freeze({ srv: Object.freeze({ AddTwoInts: AddTwoIntsType }) });
