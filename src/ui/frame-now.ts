/**
 * A frame now, for a key. Ink throttles its renders (maxFps, mount.tsx) so that a burst of data
 * updates draws one frame, not one each; but its throttle is a debounce: a render asked for
 * within 1000/maxFps ms of the previous one waits that long after the latest request. A key
 * pressed just after a list arrived (the first key after start-up, typically) thus waited up to
 * 17 ms for no reason. Keys are rare and a person waits on them: after a key's state change is
 * committed, the pending frame is drawn at once; data keeps the throttle.
 *
 * Ink has no public way to do this. Its instance for a stdout is in the map its render() keeps
 * (ink/build/instances.js, not in the package's exports, hence the path); the throttled render
 * is an es-toolkit throttle with flush(). Ink is pinned (package.json), and
 * test/ui/frame-now.test.ts fails if an upgrade moves either.
 */
import instances from '../../node_modules/ink/build/instances.js';

interface ThrottledRender {
  flush(): void;
}

/** The throttled render of the Ink instance drawing to `stdout`, if Ink is drawing there. */
export function pendingFrame(stdout: NodeJS.WriteStream): ThrottledRender | undefined {
  const ink = (instances as WeakMap<object, unknown>).get(stdout) as { throttledOnRender?: unknown } | undefined;
  const throttled = ink?.throttledOnRender;
  return typeof throttled === 'function' && typeof (throttled as Partial<ThrottledRender>).flush === 'function' ? (throttled as unknown as ThrottledRender) : undefined;
}

/** Draws the frame a key asked for now rather than at the throttle's end (after React commits). */
export function frameNow(stdout: NodeJS.WriteStream): void {
  queueMicrotask(() => pendingFrame(stdout)?.flush());
}
