/**
 * Type support: what the rclcpp layer needs to carry a message. CDR types (ROS interfaces)
 * and protobuf types (vrobots) both fit this shape.
 *
 * Both types are invariant (`in out`): `M` is read (decode) and written (encode), so a
 * MessageType<A> is neither a MessageType<A | B> (it cannot encode a B) nor a
 * MessageType<{ a }> of a wider message (it does not decode to one).
 */
export interface MessageType<in out M> {
  /** ROS form, e.g. `std_msgs/msg/String` (vrobots: `swarmbotix.states.State`). */
  readonly typeName: string;
  /** `RIHS01_<sha256 hex>` or `TypeHashNotSupported`. */
  readonly typeHash: string;
  /**
   * May throw on a message that does not fit; the rclcpp layer catches it as InvalidArgument.
   * A function property, not a method: methods are compared bivariantly, so a type that extends
   * this one (a generated MessageClass<A>) would otherwise pass for a MessageType<A | B>.
   */
  readonly encode: (message: M) => Uint8Array;
  /**
   * May throw on malformed bytes; the rclcpp layer catches and counts it. `use` says who owns
   * `bytes` afterwards: `'lent'` (the default) the caller, who may reuse them, so the message
   * holds copies; `'given'` the message (rclcpp passes it for a received sample's payload,
   * which nothing reads or writes after), so its arrays may view the bytes. A type may ignore it.
   */
  decode(bytes: Uint8Array, use?: 'lent' | 'given'): M;
}

export interface ServiceType<in out Req, in out Res> {
  /** ROS form, e.g. `example_interfaces/srv/AddTwoInts`. */
  readonly typeName: string;
  readonly typeHash: string;
  readonly Request: MessageType<Req>;
  readonly Response: MessageType<Res>;
}

/** The message type carried by a MessageType. */
export type MessageOf<T> = T extends MessageType<infer M> ? M : never;
/** Request and response of a ServiceType. */
export type RequestOf<S> = S extends ServiceType<infer Q, infer _R> ? Q : never;
export type ResponseOf<S> = S extends ServiceType<infer _Q, infer R> ? R : never;
