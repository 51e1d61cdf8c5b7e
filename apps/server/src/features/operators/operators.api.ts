/**
 * The operators' door (issue 15; decision 032): who the operator behind a console request is, and the
 * record of what operators did, written in the caller's transaction. Every feature's console actions
 * use it; anything not exported here is the operators feature's own (eslint.config.js).
 */
export { OPERATOR_STATUS, operatorOf, type Operator } from './operator.ts';
export {
  listOperatorActions,
  recordOperatorAction,
  type OperatorActionView,
} from './operator-actions.ts';
