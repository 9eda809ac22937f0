import type { ImageSummary } from '../../engine/types.ts';
import { formatBytes, formatRelative, repoTags, sanitizeLine, shortId } from '../format/index.ts';

export type ImageColumn = 'id' | 'tag' | 'size' | 'created' | 'parent';

export interface ImageRow {
  /** An image with several tags gets a row per tag; the key keeps them apart. */
  key: string;
  imageId: string;
  tag: string;
  /** For sorting by size; the cell holds it in human units. */
  sizeBytes: number;
  cells: Record<ImageColumn, string>;
  haystack: string;
}

export function imageRowKey(imageId: string, tag: string): string {
  return `${imageId} ${tag}`;
}

export function imageRows(items: readonly ImageSummary[], options: { filter: string; nowMs: number }): ImageRow[] {
  const needle = options.filter.trim().toLowerCase();
  const rows: ImageRow[] = [];
  for (const image of items) {
    for (const row of rowsOf(image, options.nowMs)) {
      if (needle === '' || row.haystack.includes(needle)) rows.push(row);
    }
  }
  return rows;
}

/** Each image's rows, kept while the image object lives and the clock stands (see container-rows.ts). */
const built = new WeakMap<ImageSummary, { rows: readonly ImageRow[]; nowMs: number }>();

function rowsOf(image: ImageSummary, nowMs: number): readonly ImageRow[] {
  const cached = built.get(image);
  if (cached?.nowMs === nowMs) return cached.rows;
  const created = formatRelative(image.Created, nowMs);
  const rows =
    cached === undefined
      ? buildRows(image, created)
      : cached.rows.map((row) => (row.cells.created === created ? row : { ...row, cells: { ...row.cells, created } }));
  built.set(image, { rows, nowMs });
  return rows;
}

function buildRows(image: ImageSummary, created: string): ImageRow[] {
  const tags = repoTags(image.RepoTags ?? undefined, image.RepoDigests ?? undefined);
  return tags.map((rawTag) => {
    const tag = sanitizeLine(rawTag);
    return {
      key: imageRowKey(image.Id, tag),
      imageId: image.Id,
      tag,
      sizeBytes: image.Size ?? 0,
      haystack: `${image.Id} ${tag}`.toLowerCase(),
      cells: {
        id: shortId(image.Id),
        tag,
        size: formatBytes(image.Size),
        created,
        parent: image.ParentId ? shortId(image.ParentId) : '-',
      },
    };
  });
}
