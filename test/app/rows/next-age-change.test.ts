import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import type { ContainerSummary, ImageSummary } from '../../../src/engine/types.ts';
import { nextAgeChange } from '../../../src/app/rows/next-age-change.ts';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const t = Date.UTC(2026, 10, 26, 12, 0, 0);
// An hour-old container (its ages turn in minutes) and an image made 12 s ago (its CREATED turns each second).
const container: ContainerSummary = { Id: 'c'.repeat(64), Names: ['/old'], State: 'running', Status: 'Up About an hour', Created: t / 1000 - 3600 };
const image: ImageSummary = { Id: `sha256:${'i'.repeat(64)}`, RepoTags: ['young:latest'], Created: t / 1000 - 12 };
const lists = { containers: [container], containersAt: t, images: [image], times: new Map() };

void describe('nextAgeChange', () => {
  test("the containers pane ticks for the containers' ages only, not an image's", () => {
    const next = nextAgeChange('container', lists, t);
    assert.ok(next >= t + MINUTE - SECOND, `a minute away at the soonest, not the image's next second (${next - t} ms)`);
  });
  test("the images pane ticks for the images' CREATED only", () => {
    assert.equal(nextAgeChange('image', lists, t), t + SECOND);
    assert.equal(nextAgeChange('image', { ...lists, images: [] }, t), Infinity, "a container's age is not the images pane's");
  });
  test('a pane that draws neither list keeps both, as before', () => {
    assert.equal(nextAgeChange('volume', lists, t), t + SECOND);
    assert.ok(Number.isFinite(nextAgeChange(undefined, { ...lists, images: [] }, t)), "a container's age ticks there too");
  });
  test('an answer kept until its moment is the answer worked out afresh at any time before it', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 7200 }), { minLength: 1, maxLength: 8 }), fc.array(fc.integer({ min: 0, max: 90_000 }), { minLength: 1, maxLength: 6 }), (ages, steps) => {
        const items: ContainerSummary[] = ages.map((age, i) => ({ Id: `${i}`.padStart(64, '0'), Names: [`/c${i}`], State: 'running', Status: 'Up 1 second', Created: t / 1000 - age }));
        const aged = { containers: items, containersAt: t, images: [image], times: new Map() };
        let now = t;
        for (const step of steps) {
          now += step;
          const kept = nextAgeChange('container', aged, now);
          // The same lists in new arrays: nothing kept, worked out afresh.
          const fresh = nextAgeChange('container', { ...aged, containers: [...items] }, now);
          assert.equal(kept, fresh);
          nextAgeChange('container', aged, now);
        }
      }),
    );
  });
});
