// `constructor` or `__proto__` are valid names in a contract: reads and writes touch own keys only.

export function own<T = unknown>(object: unknown, key: string): T | undefined {
  return typeof object === "object" && object !== null && Object.hasOwn(object, key)
    ? ((object as Record<string, unknown>)[key] as T)
    : undefined;
}

/** `__proto__` included, which assignment would take for the prototype. */
export function define(object: object, key: string, value: unknown): void {
  Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
}
