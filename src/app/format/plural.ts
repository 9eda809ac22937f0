/**
 * A count and its noun, agreeing: "1 tag", "0 tags", "2 matches". `many` is for nouns whose
 * plural is not the singular plus "s". Every count berth shows goes through here, so "1 images"
 * cannot come back one string at a time.
 */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}
