import type { XmlElement } from './XmlElement';

/** A step of a path: the namespace URI and local name of a child element. */
export type XmlStep = readonly [namespace: string, name: string];

/** The children of `element` named by `step`, in document order. */
export function childrenAt(element: XmlElement | null, step: XmlStep): XmlElement[] {
  if (element === null) return [];
  return element.children.filter((child) => child.namespace === step[0] && child.name === step[1]);
}

/** Every element reached from `element` along `steps` (each step may match several children). */
export function allAt(element: XmlElement | null, ...steps: XmlStep[]): XmlElement[] {
  let found: XmlElement[] = element === null ? [] : [element];
  for (const step of steps) found = found.flatMap((current) => childrenAt(current, step));
  return found;
}

/** The first element reached along `steps`, or null. */
export function firstAt(element: XmlElement | null, ...steps: XmlStep[]): XmlElement | null {
  return allAt(element, ...steps)[0] ?? null;
}

/** The text of the first element reached along `steps`; null when there is none or it is empty. */
export function textAt(element: XmlElement | null, ...steps: XmlStep[]): string | null {
  const found = firstAt(element, ...steps);
  return found === null || found.text === '' ? null : found.text;
}
