/**
 * The engine client's list memo across queries, on a fake engine: a filtered list (the incident
 * log's scan of exited containers) must not make the next unfiltered poll parse every entry
 * again. It did, and the store, finding nothing changed, kept its own entries beside the new
 * ones: two copies of the list for the rest of the session (bench B11, docs/performance.md).
 */
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { EngineClient } from '../../src/engine/client.ts';
import { json, startFakeEngine } from '../support/fake-engine.ts';

const open: Array<{ close(): Promise<void> }> = [];
after(async () => {
  for (const thing of open.reverse()) await thing.close();
});

const container = (n: number, state: string) => ({ Id: `${n}`.padStart(64, 'c'), Names: [`/c${n}`], Image: 'busybox', State: state, Status: state === 'running' ? 'Up 2 minutes' : 'Exited (0) 1 minute ago', Created: 1_700_000_000 - n });
const image = (n: number) => ({ Id: `sha256:${`${n}`.padStart(64, 'a')}`, RepoTags: [`t${n}:latest`], Created: 1_700_000_000 - n, Size: 1000 });

async function client() {
  const all = [container(1, 'running'), container(2, 'exited'), container(3, 'running')];
  const images = [image(1), image(2)];
  const fake = await startFakeEngine({
    routes: {
      '/containers/json': (req, res) => {
        const filtered = new URL(req.url ?? '/', 'http://fake').searchParams.has('filters');
        json(res, 200, filtered ? all.filter((c) => c.State === 'exited') : all);
      },
      '/images/json': (req, res) => {
        const filtered = new URL(req.url ?? '/', 'http://fake').searchParams.has('filters');
        json(res, 200, filtered ? images.slice(1) : images);
      },
    },
  });
  open.push(fake);
  const made = new EngineClient({ host: fake.host, env: {} });
  open.push(made);
  return made;
}

test('a filtered container list in between leaves the whole list remembered: the next identical answer is the same array', async () => {
  const engine = await client();
  const whole = await engine.listContainers({ all: true });
  const exited = await engine.listContainers({ all: true, filters: { status: ['exited', 'dead'] } });
  assert.deepEqual(exited.map((c) => c.Names?.[0]), ['/c2']);
  assert.equal(await engine.listContainers({ all: true }), whole, 'the poll after the scan parses nothing again');
  assert.equal(await engine.listContainers({ all: true, filters: { status: ['exited', 'dead'] } }), exited, 'and the scan is remembered too');
});

test('the same for images: a filtered list in between leaves the whole list remembered', async () => {
  const engine = await client();
  const whole = await engine.listImages();
  const filtered = await engine.listImages({ filters: { dangling: ['true'] } });
  assert.equal(filtered.length, 1);
  assert.equal(await engine.listImages(), whole);
});
