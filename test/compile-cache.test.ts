import assert from 'node:assert/strict';
import { test } from 'node:test';
import { compileCacheDir } from '../src/compile-cache.ts';

test('the compile cache lives in $XDG_CACHE_HOME/berth, else ~/.cache/berth', () => {
  assert.equal(compileCacheDir({ XDG_CACHE_HOME: '/var/cache/me' }, '/home/me'), '/var/cache/me/berth');
  assert.equal(compileCacheDir({}, '/home/me'), '/home/me/.cache/berth');
  // The XDG spec: a relative path is invalid and ignored.
  assert.equal(compileCacheDir({ XDG_CACHE_HOME: 'cache' }, '/home/me'), '/home/me/.cache/berth');
  assert.equal(compileCacheDir({ XDG_CACHE_HOME: '' }, '/home/me'), '/home/me/.cache/berth');
});
