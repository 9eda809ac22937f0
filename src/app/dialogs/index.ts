/**
 * The dialogs: one line each. A dialog is its module (machine.ts says what one declares): its
 * state, keys, results, view and the actions that open it.
 */
import { build } from './build.ts';
import { backup } from './backup.ts';
import { bulk } from './bulk.ts';
import { commit } from './commit.ts';
import { compose } from './compose.ts';
import { confirm } from './confirm.ts';
import { copyIn } from './copy-in.ts';
import { copyOut } from './copy-out.ts';
import { create } from './create.ts';
import { exec } from './exec.ts';
import { forwardAny } from './forward-any.ts';
import { engineName } from './engine-name.ts';
import { kill } from './kill.ts';
import { registered, type AnyDialog } from './machine.ts';
import { prune } from './prune.ts';
import { pull } from './pull.ts';
import { recreate } from './recreate.ts';
import { remove } from './remove.ts';
import { rename } from './rename.ts';
import { run } from './run.ts';
import { saveTar } from './save-tar.ts';
import { scale } from './scale.ts';
import { stop } from './stop.ts';
import { tag } from './tag.ts';
import { update } from './update.ts';

export const dialogs: readonly AnyDialog[] = [
  registered(run),
  registered(stop),
  registered(commit),
  registered(remove),
  registered(pull),
  registered(kill),
  registered(rename),
  registered(tag),
  registered(create),
  registered(scale),
  registered(copyOut),
  registered(copyIn),
  registered(prune),
  registered(confirm),
  registered(bulk),
  registered(compose),
  registered(exec),
  registered(recreate),
  registered(update),
  registered(engineName),
  registered(build),
  registered(forwardAny),
  registered(saveTar),
  registered(backup),
];

/** A protected engine's question, asked before a change on it (app/fleet/access.ts). */
export { askEngineName } from './engine-name.ts';

/** The module of a dialog's state (or request) by its `type`. */
export function dialogOf(type: string): AnyDialog | undefined {
  return dialogs.find((d) => d.id === type);
}
