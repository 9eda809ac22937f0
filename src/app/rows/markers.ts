/** An image (or a container's image) older than what its registry holds under the tag now: before the tag or the image, so it reads without colour too. */
export const OUTDATED_MARK = '⇡';
/** A tag that reads as a version while its registry holds a newer one in its family (`1.27` while `1.29` exists): with that version. */
export const NEWER_MARK = '⇞';

/** What goes before a tag or an image: ⇡ when its digest moved on, ⇞ and the newer version when there is one (`⇡ ⇞1.29 `). */
export function imageMarks(outdated: boolean, newer: string | undefined): string {
  return `${outdated ? `${OUTDATED_MARK} ` : ''}${newer !== undefined ? `${NEWER_MARK}${newer} ` : ''}`;
}
