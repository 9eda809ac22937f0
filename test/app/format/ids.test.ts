import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { containerImage, containerName, repoTags, shortId, swarmServiceName } from '../../../src/app/format/ids.ts';

// describe/it return promises that the node:test runner tracks itself; `void` says so to the linter.

const HEX = '4e6f7e0b3a5c9d8e7f6a5b4c3d2e1f0a9b8c7d6e5f4a3b2c1d0e9f8a7b6c5d4e';

void describe('shortId', () => {
  const cases: Array<[string | undefined, string]> = [
    [`sha256:${HEX}`, '4e6f7e0b3a5c'],
    [HEX, '4e6f7e0b3a5c'],
    ['abc', 'abc'],
    ['', ''],
    [undefined, ''],
    ['sha256:', ''],
    ['\x1b[2Jabcdefghijkl', 'abcdefgh'], // cut first, then scrubbed: never more than 12 cells
  ];
  for (const [input, expected] of cases) {
    void it(`${JSON.stringify(input)} → ${JSON.stringify(expected)}`, () => assert.equal(shortId(input), expected));
  }
});

void describe('containerName', () => {
  const cases: Array<[string[] | undefined, string]> = [
    [['/web-1'], 'web-1'],
    [['/web-1', '/app/db'], 'web-1'],
    [['no-slash'], 'no-slash'],
    [[], ''],
    [undefined, ''],
    [['/'], ''],
    [['/evil\x1b]0;owned\x07name'], 'evilname'],
  ];
  for (const [input, expected] of cases) {
    void it(`${JSON.stringify(input)} → ${JSON.stringify(expected)}`, () => assert.equal(containerName(input), expected));
  }
});

void describe('swarmServiceName', () => {
  const cases: Array<[Record<string, string> | undefined, string | undefined]> = [
    [{ 'com.docker.swarm.service.name': 'web' }, 'web'],
    [{ 'com.docker.swarm.service.name': 'web', 'com.docker.swarm.task.name': 'web.1.x' }, 'web'],
    [{ 'com.docker.compose.service': 'web' }, undefined],
    [{ 'com.docker.swarm.service.name': '' }, undefined],
    [{}, undefined],
    [undefined, undefined],
    [{ 'com.docker.swarm.service.name': 'we\u202eb' }, 'web'],
  ];
  for (const [input, expected] of cases) {
    void it(`${JSON.stringify(input)} → ${String(expected)}`, () => assert.equal(swarmServiceName(input), expected));
  }
});

void describe('repoTags', () => {
  const cases: Array<[string, string[] | undefined, string[] | undefined, string[]]> = [
    ['one tag', ['nginx:latest'], ['nginx@sha256:abc'], ['nginx:latest']],
    ['several tags keep engine order', ['app:1.2', 'app:latest', 'registry.local:5000/app:1.2'], [], ['app:1.2', 'app:latest', 'registry.local:5000/app:1.2']],
    ['no tags, no digests: dangling', [], [], ['<none>:<none>']],
    ['undefined everything: dangling', undefined, undefined, ['<none>:<none>']],
    ['engine-reported <none>:<none>: dangling', ['<none>:<none>'], ['<none>@<none>'], ['<none>:<none>']],
    ['<none>:<none> alongside a real tag is ignored', ['<none>:<none>', 'app:1'], undefined, ['app:1']],
    ['digest only: repository with <none> tag', [], ['alpine@sha256:abc'], ['alpine:<none>']],
    ['digest only, repeated repository listed once', undefined, ['alpine@sha256:abc', 'alpine@sha256:def', 'ghcr.io/x/alpine@sha256:abc'], ['alpine:<none>', 'ghcr.io/x/alpine:<none>']],
    ['duplicate tags listed once', ['a:1', 'a:1'], [], ['a:1']],
    ['empty strings ignored', [''], [''], ['<none>:<none>']],
    ['tags are sanitized', ['evil\x1b[2J:latest'], [], ['evil:latest']],
  ];
  for (const [name, tags, digests, expected] of cases) {
    void it(name, () => assert.deepEqual(repoTags(tags, digests), expected));
  }
});

void describe('containerImage: IMAGE as docker ps prints it', () => {
  const id = `sha256:32f76702f565${'0'.repeat(52)}`;
  const cases: Array<[string | undefined, string | undefined, string]> = [
    ['busybox:latest', id, 'busybox:latest'],
    ['busybox', id, 'busybox'],
    [id, id, '32f76702f565'],
    ['32f76702f565', id, '32f76702f565'],
    [`busybox@sha256:${'a'.repeat(64)}`, id, 'busybox'],
    [`registry.local:5000/app:1@sha256:${'a'.repeat(64)}`, id, 'registry.local:5000/app:1'],
    ['docker.io/library/nginx:1.27', id, 'nginx:1.27'],
    ['docker.io/grafana/grafana', id, 'grafana/grafana'],
    ['evil\u001b[2Jimage', undefined, 'evilimage'],
    [undefined, id, ''],
  ];
  for (const [image, imageId, expected] of cases) void it(`${String(image)} → ${expected}`, () => assert.equal(containerImage(image, imageId), expected));
});
