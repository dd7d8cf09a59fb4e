// openapi-typescript copies every member of `operations` per operation (quadratic): this footer collects
// them in order and `finish` sets the whole list once.

/** The syntax nodes openapi-typescript puts after the types (its `injectFooter`). */
type FooterNode = { name?: { escapedText?: unknown }; members?: unknown };
/** A TypeScript NodeArray as the factory makes it: an array with the flags of its children. */
type NodeArray = unknown[] & { transformFlags?: number };

const NOTHING_BEFORE: readonly unknown[] = Object.freeze([]);

/** A footer for openapi-typescript's context, and `finish`, to call after `transformSchema`, before printing. */
export function operationsFooter(): { nodes: FooterNode[]; finish: () => void } {
  const nodes: FooterNode[] = [];
  const finishers: Array<() => void> = [];
  const collect = (node: FooterNode) => {
    if (node.name?.escapedText !== "operations" || !Array.isArray(node.members) || node.members.length > 0) return;
    let collected: NodeArray | undefined;
    const initial = node.members as NodeArray;
    Object.defineProperty(node, "members", {
      configurable: true,
      enumerable: true,
      get: () => NOTHING_BEFORE,
      set: (value: NodeArray) => {
        if (collected === undefined) collected = value;
        else {
          for (const member of value) collected.push(member);
          collected.transformFlags = (collected.transformFlags ?? 0) | (value.transformFlags ?? 0);
        }
      },
    });
    finishers.push(() =>
      Object.defineProperty(node, "members", {
        configurable: true,
        enumerable: true,
        writable: true,
        value: collected ?? initial,
      }),
    );
  };
  Object.defineProperty(nodes, "push", {
    value: (...added: FooterNode[]) => {
      added.forEach(collect);
      return Array.prototype.push.apply(nodes, added);
    },
  });
  return { nodes, finish: () => finishers.splice(0).forEach((finish) => finish()) };
}
