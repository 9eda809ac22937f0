import assert from 'node:assert/strict';
import { test } from 'node:test';
import { credentialsAccepted, isCredentialsRefusal } from '../../../src/state/pulls/credentials-check.ts';
import { createPull, finishPull, foldPullMessage } from '../../../src/state/pulls/pull-reducer.ts';

const start = () => createPull({ id: 'p', reference: 'reg:5000/app', fromImage: 'reg:5000/app', tag: 'latest', impliedLatest: true, startedAt: 0 });

test('a pull has got past the registry once the engine says it is pulling, or a layer moved past Preparing/Waiting', () => {
  assert.equal(credentialsAccepted(start()), false, 'nothing yet');
  assert.equal(credentialsAccepted(foldPullMessage(start(), { status: 'Pulling from app', id: 'latest' }, 1)), true);
  // A push lists its layers before it asks the registry anything.
  const preparing = foldPullMessage(foldPullMessage(start(), { status: 'The push refers to repository [reg:5000/app]' }, 1), { status: 'Preparing', id: 'aaa', progressDetail: {} }, 2);
  assert.equal(credentialsAccepted(preparing), false);
  assert.equal(credentialsAccepted(foldPullMessage(preparing, { status: 'Waiting', id: 'aaa', progressDetail: {} }, 3)), false);
  assert.equal(credentialsAccepted(foldPullMessage(preparing, { status: 'Layer already exists', id: 'aaa', progressDetail: {} }, 3)), true);
  assert.equal(credentialsAccepted(finishPull(start(), { status: 'done' }, 4)), true);
  assert.equal(credentialsAccepted(finishPull(start(), { status: 'error', message: 'unauthorized' }, 4)), false);
});

test('the registries’ words for refused credentials, and not other failures', () => {
  for (const message of [
    'unauthorized: authentication required',
    'Head "https://reg/v2/app/manifests/latest": unauthorized: incorrect username or password',
    'initializing source docker://reg/app:latest: reading manifest latest in reg/app: unauthorized: authentication required',
    'pull access denied for app, repository does not exist or may require \'docker login\': denied: requested access to the resource is denied',
  ]) assert.equal(isCredentialsRefusal(message), true, message);
  for (const message of ['manifest for app:nope not found: manifest unknown', 'no space left on device', undefined]) assert.equal(isCredentialsRefusal(message), false, String(message));
});
