/**
 * What the returns feature publishes (lib/jobs/events.ts), for the features that react to it. The
 * writer does not know who reacts: the labels feature makes and emails the return's label.
 */

/** A return was recorded (POST /orders/return), in the transaction that recorded it. */
export const RETURN_RECORDED = 'return.recorded';

export interface ReturnRecorded {
  /** `returns.id`. */
  returnId: string;
}
