/**
 * The manager's and the scene's services as rclts `ServiceType`s. The per-robot services
 * (`vrobots/{id}/z/srv/{segment}`) are declared in service-table.ts; the keys are in keys.ts.
 */

import { protoServiceType } from './proto-codec.js';
import { SrvAck, SrvTrigger, SrvVRobotCreate, SrvVRobotCreated, SrvVRobotDelete } from './service-messages.js';

/** `vrobots/manager/z/srv/create`: the only non-idempotent service; send exactly once. */
export const CreateService = protoServiceType('swarmbotix.services.Create', SrvVRobotCreate, SrvVRobotCreated);
/** `vrobots/manager/z/srv/delete`: ok=false for an unknown id; never retried. */
export const DeleteService = protoServiceType('swarmbotix.services.Delete', SrvVRobotDelete, SrvAck);
/** `vrobots/scene/z/srv/frame`: payload-less; the SrvAck message is the scene frame id. */
export const SceneFrameService = protoServiceType('swarmbotix.services.SceneFrame', SrvTrigger, SrvAck);
