/**
 * Build (`b` in the Images pane): a local directory becomes an image, as `docker build` makes
 * one. The context directory (default: where berth was started), the Dockerfile's path in it,
 * tags, build args (`KEY=VALUE`, space-separated), a target stage, a platform, the network RUN
 * steps get (empty: the engine's default, `none` when it has no bridge), no-cache and pull. It
 * checks what it can before anything is sent; the build then runs in the Pulls pane, where its
 * steps show as they run (state/builds).
 */
import { parseImageReference } from '../../engine/reference.ts';
import type { BuildSettings } from '../../state/builds/build-reducer.ts';
import type { Checked } from '../../state/validation.ts';
import type { TargetActions } from '../actions/target-actions.ts';
import { notify, type BuildReply } from '../commands.ts';
import { sanitizeLine } from '../format/index.ts';
import { field } from '../input/field.ts';
import { editIn, formKey, moveFocus, values, type Fields } from './form.ts';
import { defineDialog, formContexts, type Outcome } from './machine.ts';
import { openDialog } from './open.ts';
import { formHints, type DialogBlock } from './view.ts';

export type BuildField = 'context' | 'dockerfile' | 'tags' | 'buildArgs' | 'target' | 'platform' | 'network';
type BuildSwitch = 'noCache' | 'pull';
type BuildRow = BuildField | BuildSwitch;
export const buildRows: readonly BuildRow[] = ['context', 'dockerfile', 'tags', 'buildArgs', 'target', 'platform', 'network', 'noCache', 'pull'];
const isSwitch = (row: BuildRow | undefined): row is BuildSwitch => row === 'noCache' || row === 'pull';

export interface BuildRequest {
  type: 'build';
  /** A tag to start from (the selected image's), or a whole earlier build's settings. */
  tag?: string;
}

export interface BuildDialog {
  type: 'build';
  fields: Fields<BuildField>;
  noCache: boolean;
  pull: boolean;
  focus: number;
  showErrors: boolean;
  busy: boolean;
  error?: string;
}

const placeholders: Record<BuildField, string> = {
  context: '. (the directory berth was started in)',
  dockerfile: 'Dockerfile',
  tags: 'e.g. myapp:1 myapp:latest (space-separated)',
  buildArgs: 'optional, e.g. VERSION=1 MODE=prod',
  target: 'optional: the stage to stop at',
  platform: 'optional, e.g. linux/amd64',
  network: 'the engine’s default (none without a bridge)',
};

const labels: Record<BuildRow, string> = { context: 'context', dockerfile: 'Dockerfile', tags: 'tags', buildArgs: 'build args', target: 'target', platform: 'platform', network: 'network', noCache: 'no cache', pull: 'pull' };

const words = (text: string): string[] => text.split(/[\s,]+/).filter((w) => w !== '');

function checkTags(input: string): Checked<string[]> {
  const tags: string[] = [];
  for (const word of words(input)) {
    const parsed = parseImageReference(word);
    if (!parsed.ok) return { ok: false, message: `${word}: ${parsed.message}` };
    if (parsed.ref.digest) return { ok: false, message: `${word}: a tag, not a digest` };
    tags.push(word);
  }
  return { ok: true, value: tags };
}

function checkArgs(input: string): Checked<Record<string, string>> {
  const args: Record<string, string> = {};
  for (const word of words(input.replace(/,/g, ' '))) {
    const at = word.indexOf('=');
    if (at <= 0) return { ok: false, message: `${word}: write KEY=VALUE` };
    args[word.slice(0, at)] = word.slice(at + 1);
  }
  return { ok: true, value: args };
}

const plain = (what: string, input: string): Checked<string> => (/\s/.test(input.trim()) ? { ok: false, message: `${what} is one word` } : { ok: true, value: input.trim() });

export function checkBuild(v: Readonly<Record<BuildField, string>>): Record<BuildField, Checked<unknown>> {
  return {
    context: { ok: true, value: v.context.trim() || '.' },
    dockerfile: { ok: true, value: v.dockerfile.trim() || 'Dockerfile' },
    tags: checkTags(v.tags),
    buildArgs: checkArgs(v.buildArgs),
    target: plain('a target', v.target),
    platform: plain('a platform', v.platform),
    network: plain('a network', v.network),
  };
}

/** The settings the form says, or the first row that is wrong. */
export function buildSettings(state: BuildDialog): { settings: BuildSettings } | { invalid: number } {
  const checks = checkBuild(values(state.fields));
  const invalid = buildRows.findIndex((key) => !isSwitch(key) && !checks[key].ok);
  if (invalid !== -1) return { invalid };
  const value = <T,>(key: BuildField) => (checks[key] as { ok: true; value: T }).value;
  return {
    settings: {
      context: value<string>('context'),
      dockerfile: value<string>('dockerfile'),
      tags: value<string[]>('tags'),
      buildArgs: value<Record<string, string>>('buildArgs'),
      target: value<string>('target'),
      platform: value<string>('platform'),
      network: value<string>('network'),
      noCache: state.noCache,
      pull: state.pull,
    },
  };
}

function submit(state: BuildDialog, overlay: number): Outcome<BuildDialog> {
  if (state.busy) return { state };
  const made = buildSettings(state);
  if ('invalid' in made) return { state: { ...state, showErrors: true, focus: made.invalid } };
  return { state: { ...state, busy: true, error: undefined }, commands: [{ type: 'build-start', overlay, settings: made.settings }] };
}

const actions: TargetActions = {
  build: {
    image: (state, ctx, i) => openDialog(state, ctx, build, { type: 'build', ...(i.tag.includes('<none>') ? {} : { tag: i.tag }) }),
    list: (state, ctx, l) => (l.of === 'image' ? openDialog(state, ctx, build, { type: 'build' }) : undefined),
  },
  // In the Pulls pane: the selected build again, with the settings it was started with.
  'build-again': {
    pull: (state, ctx, p) => {
      const before = ctx.builds.builds.find((b) => b.id === p.pullId);
      if (!before) return notify(state, `${ctx.keymap.label('build-again')} builds a build again: this is a pull`);
      return notify(state, `building ${sanitizeLine(before.settings.tags[0] ?? before.settings.context)} again…`, 'info', { type: 'build-again', buildId: before.id });
    },
  },
};

export const build = defineDialog<BuildDialog, BuildRequest, BuildReply>({
  id: 'build',
  changesEngine: true,
  actions,
  open: (request) => ({
    state: {
      type: 'build',
      fields: { context: field(), dockerfile: field(), tags: field(request.tag ?? ''), buildArgs: field(), target: field(), platform: field(), network: field() },
      noCache: false,
      pull: false,
      focus: 0,
      showErrors: false,
      busy: false,
    },
  }),
  contexts: (state) => formContexts(state.busy ? 'none' : isSwitch(buildRows[state.focus]) ? 'toggle' : 'field', buildRows.length),
  key(state, key, ctx) {
    const nav = formKey(key);
    if (nav?.kind === 'close') return { state, close: true };
    if (nav?.kind === 'submit') return submit(state, ctx.overlay);
    if (nav?.kind === 'move') return { state: { ...state, focus: moveFocus(state.focus, nav.delta, buildRows.length) } };
    if (state.busy) return { state };
    const row = buildRows[state.focus] ?? 'context';
    if (isSwitch(row)) return key.action === 'toggle' ? { state: { ...state, [row]: !state[row] } } : { state };
    const fields = editIn(state.fields, row, key);
    return { state: fields && fields !== state.fields ? { ...state, fields } : state };
  },
  result(state, result) {
    if (result.kind === 'started') return { state, close: true, reveal: { kind: 'pull', id: result.buildId } };
    return { state: { ...state, busy: false, error: result.message } };
  },
  view(state) {
    const checks = checkBuild(values(state.fields));
    const switchText: Record<BuildSwitch, string> = {
      noCache: state.noCache ? 'every step runs again (--no-cache)' : 'steps the engine has cached are reused',
      pull: state.pull ? 'base images are pulled anew (--pull)' : 'base images the engine holds are used',
    };
    const blocks: DialogBlock[] = [];
    buildRows.forEach((key, i) => {
      const focused = !state.busy && state.focus === i;
      if (isSwitch(key)) blocks.push({ kind: 'toggle', label: labels[key], on: state[key], focused, description: switchText[key] });
      else {
        const c = checks[key];
        blocks.push({ kind: 'field', label: labels[key], field: state.fields[key], focused, placeholder: placeholders[key], message: state.showErrors && !c.ok ? c.message : undefined });
      }
    });
    if (state.busy) blocks.push({ kind: 'busy', text: 'starting the build…' });
    const context = sanitizeLine(state.fields.context.value.trim() || '.');
    return {
      title: `Build an image from ${context}`,
      width: 'form',
      blocks,
      error: state.error,
      focus: state.focus,
      hints: state.busy ? [{ text: 'starting…' }, { action: 'cancel', text: 'closes' }] : formHints('build', buildRows.length, isSwitch(buildRows[state.focus]) ? [{ action: 'toggle', text: 'toggles' }] : []),
    };
  },
});
