/**
 * Which engine of a fleet a listed thing came from. A fleet's lists are its engines' lists put
 * together (fleet-lists.ts); each thing in them is a copy of the engine's object that carries its
 * engine's short name, made once per object the engine client handed back (it hands back the
 * same object while the thing does not change), so rows built from them are built once too.
 */
const tags = new WeakMap<object, string>();
const copies = new WeakMap<object, { member: string; copy: object }>();

/** The item as a fleet lists it: a copy that knows its engine (the same copy every time). */
export function tagged<T extends object>(item: T, member: string): T {
  const kept = copies.get(item);
  if (kept?.member === member) return kept.copy as T;
  const copy = { ...item };
  tags.set(copy, member);
  copies.set(item, { member, copy });
  return copy;
}

/** The fleet engine a listed thing came from; undefined outside a fleet. */
export function memberOf(item: object): string | undefined {
  return tags.get(item);
}
