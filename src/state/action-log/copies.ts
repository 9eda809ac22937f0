/**
 * A copy as one action-log entry: `docker cp LOCAL CONTAINER:DIR` in, `docker cp CONTAINER:PATH
 * DIR` out, the paths resolved as the copy resolves them (state/files/copy-in.ts,
 * state/actions/copy-out.ts). A copy that stopped to ask before replacing what is there sent
 * nothing: it leaves no entry (the one asked again with yes does).
 */
import path from 'node:path';
import posix from 'node:path/posix';
import type { CopyInOutcome } from '../files/copy-in.ts';
import type { CopyOutOutcome } from '../actions/copy-out.ts';
import { copyInLine, copyOutLine } from './cli-line.ts';
import type { ActionResult, OneAction } from './one-action.ts';

function copyResult(outcome: CopyInOutcome | CopyOutOutcome): ActionResult {
  switch (outcome.kind) {
    case 'done':
      return { kind: 'ok' };
    case 'exists':
      return { kind: 'not-done' };
    case 'failed':
      return { kind: 'failed', message: outcome.message };
  }
}

export function copyInAction(request: { containerId: string; source: string; directory: string }): OneAction<CopyInOutcome> {
  return { line: copyInLine(path.resolve(request.source), request.containerId, posix.resolve('/', request.directory)), result: copyResult };
}

export function copyOutAction(request: { containerId: string; source: string; directory: string }): OneAction<CopyOutOutcome> {
  return { line: copyOutLine(request.containerId, request.source, path.resolve(request.directory)), result: copyResult };
}
