/**
 * Tag (`t`) an image with another name (`docker tag`): the new reference, starting from the image's
 * current name (the usual edit is the registry or the tag), checked with the grammar pulls use.
 */
import { parseImageReference } from '../../engine/reference.ts';
import type { Checked } from '../../state/validation.ts';
import { sanitizeLine, shortId } from '../format/index.ts';
import { openDialog } from './open.ts';
import { definePrompt, type Prompt } from './prompt.ts';

export interface TagRequest {
  type: 'tag';
  imageId: string;
  /** Its current name ('' for an untagged image). */
  name: string;
}

/** The new reference for an image: a name and a tag (latest when none), never a digest. */
export function checkNewTag(input: string): Checked<string> {
  const text = input.trim();
  if (text === '') return { ok: false, message: 'type the new name, e.g. registry:5000/team/app:1' };
  const parsed = parseImageReference(text);
  if (!parsed.ok) return parsed;
  if (parsed.ref.digest) return { ok: false, message: 'a tag, not a digest: the engine names images by tag' };
  return { ok: true, value: parsed.ref.tag ? text : `${text}:latest` };
}

export const tag: Prompt<TagRequest> = definePrompt<TagRequest>({
  id: 'tag',
  changesEngine: true,
  actions: { tag: { image: (state, ctx, i) => openDialog(state, ctx, tag, { type: 'tag', imageId: i.imageId, name: i.tag.startsWith('<none>') ? '' : i.tag }) } },
  start: (request) => request.name,
  check: (_request, input) => checkNewTag(input),
  words(state) {
    const label = `${sanitizeLine(state.name) || shortId(state.imageId)} (${shortId(state.imageId)})`;
    return { title: `Tag image ${label}`, doing: `tagging ${label}`, enter: 'tag', field: 'new tag', placeholder: 'e.g. registry:5000/team/app:1' };
  },
  command: (state, reference, overlay) => ({ type: 'image-tag', overlay, imageId: state.imageId, reference }),
});
