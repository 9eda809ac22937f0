/** An image (or a container's image) older than what its registry holds under the tag now: before the tag or the image, so it reads without colour too. */
export const OUTDATED_MARK = '⇡';
