/**
 * `npm run demo` tells berth where its sandbox registry is and what sample images it holds, in
 * berth's own variables: BERTH_DEMO_REGISTRY (`127.0.0.1:PORT`, a new port every run) and
 * BERTH_DEMO_IMAGES (references in it, comma-separated). The status bar shows the registry; the
 * images are there for the pull dialog to offer. Anything malformed is ignored: a demo hint is
 * not worth refusing to start over.
 */
import type { DemoInfo } from '../state/engine-state.ts';
import { parseImageReference } from '../engine/reference.ts';

const REGISTRY = /^(?:[A-Za-z0-9](?:[A-Za-z0-9.-]{0,252})|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;
const MAX_IMAGES = 20;

export function demoFromEnv(env: NodeJS.ProcessEnv): DemoInfo | undefined {
  const registry = (env.BERTH_DEMO_REGISTRY ?? '').trim();
  if (!REGISTRY.test(registry)) return undefined;
  const images = (env.BERTH_DEMO_IMAGES ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '' && parseImageReference(s).ok)
    .slice(0, MAX_IMAGES);
  return { registry, images };
}
