/** True when A and B are the same type: used to pin the web's zod/mini schemas to the core types. */
export type Equals<A, B> =
  (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
