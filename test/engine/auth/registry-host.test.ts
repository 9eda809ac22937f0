import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { authConfigKey, hostnameOfKey, registryHostOf } from '../../../src/engine/auth/index.ts';

// describe/it return promises that the node:test runner tracks itself; `void` says so to the linter.

const SHA = `sha256:${'ab'.repeat(32)}`;

void describe('registryHostOf', () => {
  const cases: Array<[string, string]> = [
    ['alpine', 'docker.io'],
    ['alpine:3.20', 'docker.io'],
    [`alpine@${SHA}`, 'docker.io'],
    ['library/alpine', 'docker.io'],
    ['berth/layers:latest', 'docker.io'],
    ['docker.io/library/alpine', 'docker.io'],
    ['index.docker.io/library/alpine', 'docker.io'],
    ['ghcr.io/org/app:v1', 'ghcr.io'],
    ['registry.example.com:5000/team/app', 'registry.example.com:5000'],
    ['localhost/app', 'localhost'],
    ['localhost:5000/app:1', 'localhost:5000'],
    // No '/': "localhost" is the repository and "5000" its tag, on Docker Hub.
    ['localhost:5000', 'docker.io'],
    ['myhost:5000/app', 'myhost:5000'],
    ['127.0.0.1:5000/app', '127.0.0.1:5000'],
    // distribution/reference: an uppercase first component can only be a host.
    ['MyRegistry/app', 'MyRegistry'],
    ['user/app/sub:tag', 'docker.io'],
    [`ghcr.io/org/app:v1@${SHA}`, 'ghcr.io'],
    ['https://ghcr.io/org/app', 'ghcr.io'],
  ];
  for (const [ref, host] of cases) {
    void it(`${ref} → ${host}`, () => assert.equal(registryHostOf(ref), host));
  }
});

void describe('authConfigKey', () => {
  void it('Docker Hub is keyed by its v1 URL', () => {
    assert.equal(authConfigKey('docker.io'), 'https://index.docker.io/v1/');
    assert.equal(authConfigKey('index.docker.io'), 'https://index.docker.io/v1/');
  });
  void it('other registries by host[:port]', () => {
    assert.equal(authConfigKey('ghcr.io'), 'ghcr.io');
    assert.equal(authConfigKey('localhost:5000'), 'localhost:5000');
  });
});

void describe('hostnameOfKey', () => {
  const cases: Array<[string, string]> = [
    ['https://index.docker.io/v1/', 'docker.io'],
    ['index.docker.io', 'docker.io'],
    ['docker.io', 'docker.io'],
    ['https://host:5000/v1/', 'host:5000'],
    ['http://host:5000', 'host:5000'],
    ['host:5000', 'host:5000'],
    ['ghcr.io/some/path', 'ghcr.io'],
  ];
  for (const [key, host] of cases) {
    void it(`${key} → ${host}`, () => assert.equal(hostnameOfKey(key), host));
  }
});
