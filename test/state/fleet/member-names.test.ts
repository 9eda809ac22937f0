import assert from 'node:assert/strict';
import { test } from 'node:test';
import { memberNames } from '../../../src/state/fleet/member-names.ts';

test('two sockets both named docker.sock read apart by their folders, not as docker and docker-2 (issue 48)', () => {
  assert.deepEqual(memberNames([{ label: 'unix:///tmp/sandbox-a/run/docker.sock' }, { label: 'unix:///tmp/sandbox-b/run/docker.sock' }]), ['sandbox-a/run/docker', 'sandbox-b/run/docker']);
  assert.deepEqual(memberNames([{ label: '/var/run/docker.sock' }, { label: 'unix:///home/me/docker.sock' }, { label: 'unix:///run/user/1000/podman/podman.sock' }]), ['run/docker', 'me/docker', 'podman']);
});

test('names that need no telling apart stay short; the same address twice is numbered', () => {
  assert.deepEqual(memberNames([{ label: 'unix:///var/run/docker.sock' }, { context: 'prod', label: 'tcp://10.0.0.1:2376' }]), ['docker', 'prod']);
  assert.deepEqual(memberNames([{ label: 'unix:///a/docker.sock' }, { label: 'unix:///a/docker.sock' }]), ['docker', 'docker-2']);
  assert.deepEqual(memberNames([{ label: 'tcp://10.0.0.1:2375' }, { label: 'tcp://10.0.0.1:2376' }]), ['10.0.0.1', '10.0.0.1-2']);
});
