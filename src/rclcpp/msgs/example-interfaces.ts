/** example_interfaces/srv/AddTwoInts under the names rclts has always exported. */
import {
  AddTwoInts,
  type AddTwoInts_Request,
  type AddTwoInts_Response,
} from '../interfaces/generated/example_interfaces/srv.js';

export type AddTwoIntsRequest = AddTwoInts_Request;
export type AddTwoIntsResponse = AddTwoInts_Response;

export const AddTwoIntsType = AddTwoInts;
/** The service's hash (rmw_zenoh keys services by it, not by the Request/Response hashes). */
export const ADD_TWO_INTS_TYPE_HASH: string = AddTwoInts.typeHash;
export const ADD_TWO_INTS_REQUEST_TYPE_HASH: string = AddTwoInts.Request.typeHash;
export const ADD_TWO_INTS_RESPONSE_TYPE_HASH: string = AddTwoInts.Response.typeHash;
