/**
 * The file browser as data: its rows (`..`, the listing with change marks, what the diff says was
 * deleted here), and what a listing's answer does to the cursor.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { FilesReply } from '../../../src/app/commands.ts';
import { viewApp } from '../../../src/app/keys/reduce.ts';
import { browserRows } from '../../../src/app/views/file-rows.ts';
import { files } from '../../../src/app/views/files.ts';
import { initialEngineState } from '../../../src/state/engine-state.ts';
import { uiContext } from '../../support/ui-context.ts';
import { initialAppState, type AppState, type FilesOverlay } from '../../../src/app/types.ts';

const base: FilesOverlay = {
  kind: 'files',
  id: 4,
  containerId: 'c1',
  name: 'web',
  path: '/etc',
  selected: 0,
  entries: [
    { name: 'hosts', kind: 'file', size: 10 },
    { name: 'new.conf', kind: 'file', size: 3 },
    { name: 'ssl', kind: 'directory', size: 0 },
  ],
  changes: { '/etc/new.conf': 'added', '/etc/ssl': 'changed', '/etc/motd': 'deleted', '/var/x': 'deleted' },
};

const withOverlay = (overlay: FilesOverlay): AppState => ({ ...initialAppState(), overlays: [overlay], serial: overlay.id });

/** The browser's module takes what its read answered (the generic view result). */
const ctx = uiContext({ engine: initialEngineState('x') });
const filesResult = (state: AppState, result: Omit<FilesReply, 'kind'>) => files.result!(state, state.overlays[0] as FilesOverlay, { kind: 'opened', ...result }, ctx, viewApp);

test('rows: .. first, the listing with its marks, then what was deleted here (not elsewhere)', () => {
  assert.deepEqual(
    browserRows(base).map((r) => [r.name, r.kind, r.mark ?? '']),
    [
      ['..', 'parent', ''],
      ['hosts', 'file', ''],
      ['new.conf', 'file', 'added'],
      ['ssl', 'directory', 'changed'],
      ['motd', 'deleted', 'deleted'],
    ],
  );
  assert.equal(browserRows({ ...base, path: '/', entries: [], changes: {} }).length, 0, 'no .. at /');
});

test('a directory read again keeps the cursor on its row; up from one lands on the one left', () => {
  const onSsl = withOverlay({ ...base, selected: 3 });
  const reread = filesResult(onSsl, { opened: { kind: 'directory', path: '/etc', listing: { entries: [{ name: 'a', kind: 'file', size: 1 }, ...(base.entries ?? [])], capped: false } } });
  const again = reread.state.overlays[0] as FilesOverlay;
  assert.equal(browserRows(again)[again.selected]?.name, 'ssl');
  const inSsl = withOverlay({ ...base, path: '/etc/ssl', entries: [], selected: 0 });
  const up = filesResult(inSsl, { opened: { kind: 'directory', path: '/etc', listing: { entries: [...(base.entries ?? [])], capped: true } } });
  const upper = up.state.overlays[0] as FilesOverlay;
  assert.equal(browserRows(upper)[upper.selected]?.name, 'ssl');
  assert.equal(upper.capped, true);
});

test('a text file opens over the browser; a failure after the first listing keeps the rows and says why', () => {
  const state = withOverlay({ ...base, loading: '/etc/hosts' });
  const opened = filesResult(state, { opened: { kind: 'file', path: '/etc/hosts', lines: ['127.0.0.1 localhost'] } });
  const top = opened.state.overlays.at(-1);
  assert.ok(top?.kind === 'inspect' && top.caption === '/etc/hosts in web' && top.lines?.[0] === '127.0.0.1 localhost');
  assert.equal((opened.state.overlays[0] as FilesOverlay).loading, undefined);
  const failed = filesResult(state, { error: 'Could not find the file /etc/hosts' });
  assert.equal((failed.state.overlays[0] as FilesOverlay).entries?.length, 3);
  assert.equal(failed.state.notice?.text, 'Could not find the file /etc/hosts');
});

test('a name that is not UTF-8 keeps its change mark: the diff names it with U+FFFD, as Go’s JSON does (issue 48)', () => {
  const rows = browserRows({ ...base, path: '/tmp', entries: [{ name: 'bad\udcffutf8', kind: 'file', size: 6 }], changes: { '/tmp/bad\ufffdutf8': 'added' } });
  assert.deepEqual(
    rows.map((r) => [r.path, r.mark ?? '']),
    [
      ['/', ''],
      ['/tmp/bad\udcffutf8', 'added'],
    ],
  );
});
