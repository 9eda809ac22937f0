import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import type { ContainerSummary, ImageSummary } from '../../../src/engine/types.ts';
import { containerRows, nextStatusChange, statusText } from '../../../src/app/rows/container-rows.ts';
import { imageRows } from '../../../src/app/rows/image-rows.ts';
import { formatRelative } from '../../../src/app/format/index.ts';
import { humanDuration } from '../../../src/app/format/time.ts';
import { durationRange } from '../../../src/state/status-age.ts';

// describe/it return promises that the node:test runner tracks itself; `void` says so to the linter.

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const t = 1_700_000_000_000;

void describe('statusText: the engine’s Status, its age carried forward from when it arrived', () => {
  const cases: Array<[string | undefined, number, string]> = [
    ['Up 26 seconds', 0, 'Up 26 seconds'],
    ['Up 26 seconds', 33 * SECOND, 'Up 59 seconds'],
    ['Up 26 seconds', 34 * SECOND, 'Up About a minute'],
    ['Up 59 seconds', 10 * SECOND, 'Up About a minute'],
    ['Up About a minute', 0, 'Up About a minute'],
    ['Up About a minute', 30 * SECOND, 'Up About a minute'],
    ['Up About a minute', 60 * SECOND, 'Up 2 minutes'],
    ['Up 3 minutes (healthy)', 2 * MINUTE, 'Up 5 minutes (healthy)'],
    ['Exited (3) 2 seconds ago', 0, 'Exited (3) 2 seconds ago'],
    ['Exited (0) 59 minutes ago', 2 * MINUTE, 'Exited (0) About an hour ago'],
    ['Up 2 hours', 0, 'Up 2 hours'],
    ['Up 2 hours', HOUR, 'Up 3 hours'],
    ['Created', HOUR, 'Created'],
    ['Up 3 minutes\u001b[2J', 0, 'Up 3 minutes'],
    ['', 0, '-'],
    [undefined, 0, '-'],
  ];
  for (const [status, later, expected] of cases) {
    void it(`${String(status)} + ${later / 1000}s → ${expected}`, () => assert.equal(statusText(status, t, t + later), expected));
  }

  void it('from the text alone: never ahead of docker ps, behind by at most the text’s own unit', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 400 * 24 * HOUR }), fc.integer({ min: 0, max: 10 * 24 * HOUR }), (trueAgeAtAnswer, later) => {
        const engineText = `Up ${humanDuration(trueAgeAtAnswer)}`;
        const shown = statusText(engineText, t, t + later).slice('Up '.length);
        const range = durationRange(engineText.slice('Up '.length));
        assert.ok(range);
        // What docker ps prints at some moment no later than now, and no earlier than one unit before.
        const behind = trueAgeAtAnswer - range.low;
        assert.equal(shown, humanDuration(trueAgeAtAnswer + later - behind));
        assert.ok(behind >= 0 && behind < range.high - range.low);
      }),
    );
  });

  void it('with the engine’s StartedAt or FinishedAt: what docker ps prints at that moment', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 400 * 24 * HOUR }), fc.integer({ min: 0, max: 10 * 24 * HOUR }), fc.boolean(), (trueAgeAtAnswer, later, exited) => {
        const since = t - trueAgeAtAnswer;
        const text = exited ? `Exited (0) ${humanDuration(trueAgeAtAnswer)} ago` : `Up ${humanDuration(trueAgeAtAnswer)}`;
        const times = exited ? { startedAt: since - HOUR, finishedAt: since } : { startedAt: since };
        const expected = exited ? `Exited (0) ${humanDuration(trueAgeAtAnswer + later)} ago` : `Up ${humanDuration(trueAgeAtAnswer + later)}`;
        assert.equal(statusText(text, t, t + later, times), expected);
      }),
    );
  });

  void it('an engine time the text rules out (another clock, a start before a restart) moves the age only within the text', () => {
    // The text says 3 minutes; a StartedAt two hours back (a clock set wrong) cannot make it "2 hours".
    assert.equal(statusText('Up 3 minutes', t, t, { startedAt: t - 2 * HOUR }), 'Up 3 minutes');
    // A StartedAt in the future of the text (engine clock behind ours) cannot make it younger than the text.
    assert.equal(statusText('Up 3 minutes', t, t + 30 * SECOND, { startedAt: t }), 'Up 3 minutes');
    assert.equal(statusText('Up 3 minutes', t, t + 60 * SECOND, { startedAt: t }), 'Up 4 minutes');
  });
});

void describe('nextStatusChange', () => {
  const c = (status: string): ContainerSummary => ({ Id: status.padEnd(64, '0'), Status: status });

  void it('is when the first Status text would read differently', () => {
    assert.equal(nextStatusChange([c('Up 26 seconds')], t, t), t + SECOND);
    assert.equal(nextStatusChange([c('Up 3 minutes')], t, t), t + MINUTE);
    assert.equal(nextStatusChange([c('Up 3 minutes')], t, t, new Map([[c('Up 3 minutes').Id, { startedAt: t - 3 * MINUTE - 42 * SECOND }]])), t + 18 * SECOND);
    assert.equal(nextStatusChange([c('Up 3 minutes'), c('Up 26 seconds')], t, t), t + SECOND);
    assert.equal(nextStatusChange([c('Created'), c('Dead')], t, t), Infinity);
    assert.equal(nextStatusChange([], t, t), Infinity);
  });

  void it('the text is the same until then and differs at it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 400 * 24 * HOUR }), fc.integer({ min: 0, max: 10 * 24 * HOUR }), (age, later) => {
        const items = [c(`Up ${humanDuration(age)}`)];
        const status = items[0]?.Status;
        const next = nextStatusChange(items, t, t + later);
        assert.ok(next > t + later);
        assert.equal(statusText(status, t, next - 1), statusText(status, t, t + later));
        assert.notEqual(statusText(status, t, next), statusText(status, t, t + later));
      }),
    );
  });
});

void describe('containerRows', () => {
  void it('keeps what STATUS and CREATED are drawn from: the engine’s Status and Created, aged when drawn', () => {
    const rows = containerRows([{ Id: 'a'.repeat(64), Names: ['/web'], State: 'running', Status: 'Up 50 seconds', Created: t / 1000 - 51 }], {
      showAll: true,
      filter: '',
    });
    const row = rows[0];
    assert.ok(row);
    assert.equal(row.status, 'Up 50 seconds');
    // The pane draws them against the clock, from when the list arrived (here 20 s before).
    assert.equal(statusText(row.status, t, t + 20 * SECOND), 'Up About a minute');
    assert.equal(statusText(row.status, t, t + 5 * SECOND), 'Up 55 seconds');
    assert.equal(formatRelative(row.created, t + 20 * SECOND), 'About a minute ago');
  });
});

void describe('rows are built once per engine object', () => {
  const c = (id: string, name: string, state = 'running'): ContainerSummary => ({ Id: id.padEnd(64, '0'), Names: [`/${name}`], Image: 'busybox', State: state, Status: 'Up 1 hour', Created: 1 });

  void it('filtering again reuses the rows; a new object for a container gets a new row', () => {
    const items = [c('aaa', 'web'), c('bbb', 'old', 'created')];
    const first = containerRows(items, { showAll: true, filter: '' });
    const filtered = containerRows(items, { showAll: true, filter: 'old' });
    assert.equal(filtered[0], first[1], 'the same row object');
    const changed = { ...items[0]!, Status: 'Up 2 hours' };
    assert.equal(containerRows([changed], { showAll: true, filter: '' })[0]?.cells.status, 'Up 2 hours');
  });

  void it('image rows: one per tag, reused while the image object stands', () => {
    const image: ImageSummary = { Id: `sha256:${'e'.repeat(64)}`, RepoTags: ['a/one:1', 'a/two:2'], Created: 1, Size: 1000 };
    const first = imageRows([image], { filter: '' });
    assert.deepEqual(first.map((r) => r.tag), ['a/one:1', 'a/two:2']);
    assert.equal(imageRows([image], { filter: 'two' })[0], first[1]);
  });
});

void describe('containerRows: a filter typed key by key', () => {
  const words = ['web', 'db', 'cache', 'worker', 'api'];
  const items: ContainerSummary[] = Array.from({ length: 60 }, (_, i) => ({ Id: `${i.toString(16).padStart(4, '0')}${'0'.repeat(60)}`, Names: [`/${words[i % 5]}-${i}`], Image: `img-${i % 7}`, State: i % 3 === 0 ? 'exited' : 'running', Status: '', Created: i }));
  const fresh = (list: readonly ContainerSummary[], showAll: boolean, filter: string) => {
    const needle = filter.trim().toLowerCase();
    return list.filter((c) => showAll || c.State === 'running').filter((c) => needle === '' || `${c.Id} ${c.Names?.[0]?.slice(1)} ${c.Image}`.toLowerCase().includes(needle)).map((c) => c.Id);
  };
  void it('matches what a filter from scratch matches, whatever was typed before it (narrowing, widening, another list)', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.stringMatching(/^[a-z0-9 -]{0,6}$/), fc.boolean(), fc.boolean()), { minLength: 1, maxLength: 20 }), (steps) => {
        let list = items;
        for (const [filter, showAll, newList] of steps) {
          if (newList) list = [...list];
          assert.deepEqual(
            containerRows(list, { showAll, filter }).map((r) => r.id),
            fresh(list, showAll, filter),
          );
        }
      }),
    );
  });
  void it('hands each caller an array of its own (the sort orders it in place)', () => {
    const first = containerRows(items, { showAll: true, filter: 'w' });
    first.reverse();
    assert.deepEqual(containerRows(items, { showAll: true, filter: 'we' }).map((r) => r.id), fresh(items, true, 'we'));
    assert.deepEqual(containerRows(items, { showAll: true, filter: '' }).map((r) => r.id), fresh(items, true, ''));
  });
});
