import assert from 'node:assert/strict';
import { mock, test } from 'node:test';
import { BURST_BYTES, onceQuiet, releaseAfterBursts } from '../../src/tuning/memory.ts';

test('onceQuiet runs once, only after its sources have been still for the whole period', () => {
  mock.timers.enable({ apis: ['setTimeout'] });
  try {
    const listeners = new Set<() => void>();
    const source = {
      subscribe(listener: () => void) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    };
    const change = () => {
      for (const listener of listeners) listener();
    };
    let runs = 0;
    onceQuiet([source], 1000, () => runs++);
    mock.timers.tick(900);
    change(); // a key: the quiet period starts again
    mock.timers.tick(900);
    assert.equal(runs, 0);
    mock.timers.tick(100);
    assert.equal(runs, 1);
    assert.equal(listeners.size, 0, 'it stops listening once it ran');
    change();
    mock.timers.tick(5000);
    assert.equal(runs, 1);
  } finally {
    mock.timers.reset();
  }
});

test('a cancelled onceQuiet never runs', () => {
  mock.timers.enable({ apis: ['setTimeout'] });
  try {
    let runs = 0;
    const cancel = onceQuiet([], 1000, () => runs++);
    cancel();
    mock.timers.tick(5000);
    assert.equal(runs, 0);
  } finally {
    mock.timers.reset();
  }
});

test('releaseAfterBursts collects once quiet after the heap grew by BURST_BYTES since memory was last given back, not after smaller growth, and not with its lever off', () => {
  mock.timers.enable({ apis: ['setTimeout'] });
  try {
    const listeners = new Set<() => void>();
    const source = {
      subscribe(listener: () => void) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    };
    const change = () => {
      for (const listener of listeners) listener();
    };
    const MB = 1024 * 1024;
    let bytes = 40 * MB;
    let collections = 0;
    const heap = {
      bytes: () => bytes,
      collect: () => {
        collections++;
        bytes = 42 * MB;
      },
    };
    const cancel = releaseAfterBursts([source], 500, {}, heap);
    bytes += BURST_BYTES - MB; // a poll's worth of growth: not a burst
    change();
    mock.timers.tick(500);
    assert.equal(collections, 0);
    bytes = 40 * MB + BURST_BYTES; // a filter typed over 10,000 rows
    change();
    mock.timers.tick(400);
    change(); // another key: still busy
    mock.timers.tick(400);
    assert.equal(collections, 0, 'never between keys');
    mock.timers.tick(100);
    assert.equal(collections, 1);
    bytes = 42 * MB + BURST_BYTES - MB; // measured from what the collection left
    change();
    mock.timers.tick(500);
    assert.equal(collections, 1);
    cancel();
    assert.equal(listeners.size, 0, 'cancel stops listening');

    const off = releaseAfterBursts([source], 500, { BERTH_TUNING_OFF: 'burst-release' }, heap);
    assert.equal(listeners.size, 0, 'with the lever off it does not listen at all');
    off();
  } finally {
    mock.timers.reset();
  }
});
