/**
 * The disk view (`W`) in berth's bundle in a real pseudo-terminal, against the sandbox engine,
 * held to `docker system df` and `docker system df -v` read at the same moment: the four kinds'
 * rows (TOTAL, ACTIVE, SIZE, RECLAIMABLE) and, for volumes made here with known bytes, each one's
 * LINKS and SIZE. Then a remove from the view through the usual dialog, prune's preview opened
 * from it, the Volumes pane's SIZE column and its order by size, and the Containers pane's order
 * by writable layer. One berth session for all of it; everything made here is removed here.
 */
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { key, launchBerth, type PtySession } from '../support/pty.ts';
import { sandboxDocker, sandboxEnv } from '../support/sandbox-env.ts';

const env = sandboxEnv();
const tag = `du${process.pid}`;
const WAIT_MS = 20_000;
/** Volumes with known bytes: a file each (a volume's size is its files' sizes), one left empty. */
const VOLUMES = [
  { name: `${tag}-big`, bytes: 1_500_000 },
  { name: `${tag}-mid`, bytes: 250_000 },
  { name: `${tag}-empty`, bytes: 0 },
];
let session: PtySession | undefined;

after(async () => {
  await session?.stop();
  await sandboxDocker(['rm', '-f', `${tag}-user`]).catch(() => undefined);
  for (const v of VOLUMES) await sandboxDocker(['volume', 'rm', '-f', v.name]).catch(() => undefined);
});

/** A table's cells: columns are two or more spaces apart in both berth's and the CLI's tables. */
const cellsOf = (line: string): string[] =>
  line
    .replace(/^[›\s]+/, '')
    .trim()
    .split(/\s{2,}/);

/** The CLI's `docker system df` rows, by TYPE. */
async function cliKinds(): Promise<Map<string, string[]>> {
  const out = await sandboxDocker(['system', 'df']);
  return new Map(
    out
      .split('\n')
      .slice(1)
      .filter((l) => l.trim() !== '')
      .map((l) => {
        const cells = cellsOf(l);
        return [cells[0] ?? '', cells.slice(1)];
      }),
  );
}

/** The CLI's `docker system df -v` volume rows, by name: [LINKS, SIZE]. */
async function cliVolumes(): Promise<Map<string, string[]>> {
  const out = await sandboxDocker(['system', 'df', '-v']);
  const section = out.split(/\n\s*\n/).find((block) => block.includes('VOLUME NAME')) ?? '';
  return new Map(
    section
      .split('\n')
      .filter((l) => !/^(Local Volumes space usage:|VOLUME NAME)/.test(l.trim()) && l.trim() !== '')
      .map((l) => {
        const cells = cellsOf(l);
        return [cells[0] ?? '', cells.slice(1)];
      }),
  );
}

const KINDS = ['Images', 'Containers', 'Local Volumes', 'Build Cache'];

/** berth's kinds rows as shown, by TYPE. */
function berthKinds(screen: string): Map<string, string[]> {
  return new Map(
    screen
      .split('\n')
      .map(cellsOf)
      .filter((cells) => KINDS.includes(cells[0] ?? '') && cells.length === 5)
      .map((cells) => [cells[0] ?? '', cells.slice(1)]),
  );
}

/** The Volumes or Containers pane's line for `name` (its columns may be one space apart). */
const lineOf = (screen: string, name: string): string => screen.split('\n').find((line) => line.startsWith(`${name} `)) ?? '';
const rowOf = (screen: string, name: string): string[] | undefined => screen.split('\n').map(cellsOf).find((cells) => cells[0] === name);

test('the disk view’s figures equal docker system df -v’s; remove and prune from it; the Volumes and Containers panes’ sizes', async () => {
  const filled = VOLUMES.filter((v) => v.bytes > 0);
  const writes = filled.map((v) => `head -c ${v.bytes} /dev/zero > /v-${v.name}/f`);
  // One run makes and fills them (a named volume is made as it is mounted); a container made and
  // left stopped uses the middle one (LINKS 1); the empty one is made on its own.
  await sandboxDocker(['run', '--rm', '--network', 'none', ...filled.flatMap((v) => ['-v', `${v.name}:/v-${v.name}`]), env.images.busybox, 'sh', '-c', writes.join(' && ')]);
  await sandboxDocker(['volume', 'create', VOLUMES[2]!.name]);
  await sandboxDocker(['create', '--network', 'none', '--name', `${tag}-user`, '-v', `${VOLUMES[1]!.name}:/data`, env.images.busybox, 'true']);

  // The Containers pane shows the SIZE column (chosen: the workspace) and is ordered by it.
  const config = mkdtempSync(join(tmpdir(), 'berth-e2e-disk-config-'));
  mkdirSync(join(config, 'berth'));
  writeFileSync(join(config, 'berth', 'config.json'), JSON.stringify({ workspace: { columns: { containers: ['name', 'state', 'size'] }, sorts: { containers: { by: 'size' } } } }));
  const b = launchBerth({ env: { DOCKER_HOST: env.dockerHost, DOCKER_CONFIG: env.clientConfigDir, XDG_CONFIG_HOME: config }, cols: 150, rows: 40 });
  session = b;
  await b.waitFor('● live');
  await b.type('W');
  await b.waitFor((s) => berthKinds(s).size === 4 && !s.includes('computing…'), WAIT_MS);

  // The four kinds, as the CLI prints them at the same moment: berth shows the CLI's rows (it
  // reads again when the engine reports a change), and the CLI still prints them after.
  const same = (a: Map<string, string[]>, b: Map<string, string[]>) => JSON.stringify([...a]) === JSON.stringify([...b]);
  const cli = await cliKinds();
  assert.deepEqual([...cli.keys()], KINDS);
  const shown = await b.waitFor((s) => same(berthKinds(s), cli), WAIT_MS).catch(() => b.screen());
  assert.deepEqual([...berthKinds(shown)], [...cli], 'the kinds as docker system df prints them');
  assert.ok(same(await cliKinds(), cli), 'nothing changed meanwhile');

  // The volumes' items: each of ours as `docker system df -v` lists it; biggest first.
  await b.type(key.down, key.down, key.enter);
  await b.waitFor('VOLUME NAME', WAIT_MS);
  const volumes = await cliVolumes();
  const screen = await b.waitFor((s) => VOLUMES.every((v) => rowOf(s, v.name) !== undefined), WAIT_MS);
  for (const v of VOLUMES) assert.deepEqual(rowOf(screen, v.name)?.slice(1), volumes.get(v.name), v.name);
  assert.deepEqual(rowOf(screen, VOLUMES[0]!.name)?.slice(1), ['0', '1.5MB']);
  assert.deepEqual(rowOf(screen, VOLUMES[1]!.name)?.slice(1), ['1', '250kB']);
  const order = screen.split('\n').flatMap((line) => VOLUMES.filter((v) => cellsOf(line)[0] === v.name).map((v) => v.name));
  assert.deepEqual(order, VOLUMES.map((v) => v.name), 'biggest first');

  // Remove the empty one from here: the usual dialog, then the row goes.
  const lines = screen.split('\n');
  const header = lines.findIndex((l) => l.includes('VOLUME NAME'));
  const steps = lines.findIndex((l) => cellsOf(l)[0] === VOLUMES[2]!.name) - header - 1;
  await b.type(...Array<string>(steps).fill(key.down));
  await b.waitFor((s) => s.split('\n').some((l) => l.startsWith('›') && cellsOf(l)[0] === VOLUMES[2]!.name), WAIT_MS);
  await b.type('d');
  await b.waitFor(`Remove volume ${VOLUMES[2]!.name}?`);
  await b.type(key.enter);
  await b.waitFor(`removed volume ${VOLUMES[2]!.name}`, WAIT_MS);
  await b.waitFor((s) => rowOf(s, VOLUMES[2]!.name) === undefined && rowOf(s, VOLUMES[0]!.name) !== undefined, WAIT_MS);
  // Prune from here: the preview the Volumes pane opens (closed without pruning).
  await b.type('X');
  await b.waitFor(/[Pp]rune/, WAIT_MS);
  await b.type(key.escape);

  // The Volumes pane: SIZE beside each, ordered by it with `o`.
  await b.type(key.escape);
  await b.type(key.escape);
  await b.type('4');
  const sized = await b.waitFor((s) => / 1\.5MB\b/.test(lineOf(s, VOLUMES[0]!.name)) && / 250kB\b/.test(lineOf(s, VOLUMES[1]!.name)), WAIT_MS);
  assert.ok(sized.includes('SIZE'));
  await b.type('o');
  await b.waitFor('volumes sorted by size');
  const bySize = b.screen().split('\n').flatMap((line) => VOLUMES.slice(0, 2).filter((v) => line.startsWith(`${v.name} `)).map((v) => v.name));
  assert.deepEqual(bySize, [VOLUMES[0]!.name, VOLUMES[1]!.name]);

  // The Containers pane ordered by writable layer: the list with sizes (size=1), the SIZE column.
  await b.type('1', 'a');
  await b.waitFor((s) => /SIZE ▼/.test(s) && / 0 ?B\b/.test(s.split('\n').find((line) => line.includes(`${tag}-user`)) ?? ''), WAIT_MS);

  await b.type('q');
  assert.equal((await b.exited).exitCode, 0);
});
