// Contract text names properties, operations and schemas: `constructor` or `__proto__`
// are valid names. Reading or writing a plain object by such a name must touch only
// its own keys, never Object.prototype.

/** The value of an own property, or undefined (never one inherited from Object.prototype). */
export function own<T = unknown>(object: unknown, key: string): T | undefined {
  return typeof object === "object" && object !== null && Object.hasOwn(object, key)
    ? ((object as Record<string, unknown>)[key] as T)
    : undefined;
}

/**
 * Sets an own, enumerable property, whatever its name (`__proto__` included, which assignment
 * would take for the prototype).
 */
export function define(object: object, key: string, value: unknown): void {
  Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
}
