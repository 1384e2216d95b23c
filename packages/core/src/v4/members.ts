/**
 * The 4.x prototypes start as copies of the 5.x ones: every own member of a 5.x prototype but
 * those named is defined on a new object, so the 4.x prototype lists the members express 4's
 * lists (`Object.keys(webfw.request)`) and 4.x replacements never fight 5.x getters.
 */
export function copyMembers<T extends object>(parent: object, source: object, leave: readonly string[], own: PropertyDescriptorMap): T {
  const descriptors: PropertyDescriptorMap = {};
  for (const key of Object.keys(source)) {
    if (leave.includes(key)) continue;
    descriptors[key] = Object.getOwnPropertyDescriptor(source, key) as PropertyDescriptor;
  }
  return Object.create(parent, { ...descriptors, ...own }) as T;
}

/** A method as express defines them: enumerable, writable, configurable. */
export function method(value: unknown): PropertyDescriptor {
  return { configurable: true, enumerable: true, writable: true, value };
}

/** A getter as express defines them: enumerable, configurable. */
export function getter(get: () => unknown): PropertyDescriptor {
  return { configurable: true, enumerable: true, get };
}
