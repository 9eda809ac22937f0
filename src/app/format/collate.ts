/**
 * Names compared as a person reads them: numbers by value ("web-10" after "web-9"), letters
 * without regard to case or accents. ICU's collator is made on the first comparison, not at
 * start: loading its data costs ~3 MB of resident memory, and berth's default orders (newest
 * first) never compare names.
 */
let collator: Intl.Collator | undefined;

export function compareNames(a: string, b: string): number {
  collator ??= new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });
  return collator.compare(a, b);
}
