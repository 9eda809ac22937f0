import assert from 'node:assert/strict';
import { mock, test } from 'node:test';
import { onceQuiet } from '../../src/tuning/memory.ts';

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
