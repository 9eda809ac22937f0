import { it } from 'node:test';
import assert from 'node:assert/strict';
import * as format from '../../../src/app/format/index.ts';

// describe/it return promises that the node:test runner tracks itself; `void` says so to the linter.

void it('re-exports every formatter', () => {
  assert.deepEqual(Object.keys(format).sort(), [
    'containerImage',
    'containerName',
    'displayWidth',
    'fit',
    'formatBinaryBytes',
    'formatBytes',
    'formatBytesPair',
    'formatClock',
    'formatElapsed',
    'formatPorts',
    'formatRate',
    'formatRelative',
    'humanDuration',
    'layoutColumns',
    'nextRelativeChange',
    'padEnd',
    'padStart',
    'plainClusters',
    'plainEmoji',
    'plural',
    'renderBar',
    'repoTags',
    'sanitizeLine',
    'sanitizeTabbed',
    'sanitizeText',
    'shortId',
    'swarmServiceName',
    'truncate',
  ]);
  for (const value of Object.values(format)) assert.equal(typeof value, 'function');
});
