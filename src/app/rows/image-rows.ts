import type { ImageSummary } from '../../engine/types.ts';
import { memberOf } from '../../state/fleet/member-tag.ts';
import { formatBytes, repoTags, sanitizeLine, shortId } from '../format/index.ts';

export type ImageColumn = 'engine' | 'id' | 'tag' | 'size' | 'created' | 'parent';

export interface ImageRow {
  /** An image with several tags gets a row per tag; the key keeps them apart. */
  key: string;
  imageId: string;
  tag: string;
  /** For sorting by size; the cell holds it in human units. */
  sizeBytes: number;
  /** Every cell but CREATED, which reads the clock and is made when drawn. */
  cells: Record<Exclude<ImageColumn, 'created' | 'engine'>, string>;
  /** Epoch seconds, from the engine. */
  created?: number;
  haystack: string;
  /** In a fleet: the short name of the engine it is on (state/fleet/member-tag.ts). */
  engine?: string;
}

export function imageRowKey(imageId: string, tag: string): string {
  return `${imageId} ${tag}`;
}

export function imageRows(items: readonly ImageSummary[], options: { filter: string }): ImageRow[] {
  const needle = options.filter.trim().toLowerCase();
  const rows: ImageRow[] = [];
  for (const image of items) {
    for (const row of rowsOf(image)) {
      if (needle === '' || row.haystack.includes(needle)) rows.push(row);
    }
  }
  return rows;
}

/** Each image's rows, kept while the image object lives (see container-rows.ts). */
const built = new WeakMap<ImageSummary, readonly ImageRow[]>();

function rowsOf(image: ImageSummary): readonly ImageRow[] {
  let rows = built.get(image);
  if (rows === undefined) {
    rows = buildRows(image);
    built.set(image, rows);
  }
  return rows;
}

function buildRows(image: ImageSummary): ImageRow[] {
  const tags = repoTags(image.RepoTags ?? undefined, image.RepoDigests ?? undefined);
  const engine = memberOf(image);
  return tags.map((rawTag) => {
    const tag = sanitizeLine(rawTag);
    return {
      key: imageRowKey(image.Id, tag),
      imageId: image.Id,
      tag,
      sizeBytes: image.Size ?? 0,
      // In a fleet `engine:NAME` filters by engine: the filter matches within this text.
      haystack: `${image.Id} ${tag}${engine === undefined ? '' : ` engine:${engine}`}`.toLowerCase(),
      created: image.Created,
      ...(engine !== undefined && { engine }),
      cells: {
        id: shortId(image.Id),
        tag,
        size: formatBytes(image.Size),
        parent: image.ParentId ? shortId(image.ParentId) : '-',
      },
    };
  });
}
