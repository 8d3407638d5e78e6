/**
 * A catalogue's shape with its English literals widened to `string`: the type a translation of
 * that catalogue must have, so the compiler finds a missing key, an extra key or a text function
 * whose parameters differ (a German catalogue is `TextsOf<typeof FOO_TEXT>`).
 */
export type TextsOf<T> = T extends string
  ? string
  : T extends (...args: infer A) => infer R
    ? (...args: A) => R extends string ? string : TextsOf<R>
    : T extends readonly (infer U)[]
      ? readonly TextsOf<U>[]
      : T extends object
        ? { readonly [K in keyof T]: TextsOf<T[K]> }
        : T;
