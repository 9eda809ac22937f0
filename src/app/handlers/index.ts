/**
 * The one table of command handlers, by command id (commands.ts): each group is the file of what
 * it touches. TypeScript holds the table to the `Command` union: a command without a handler, or
 * a handler for no command, does not compile.
 */
import type { CommandType } from '../commands.ts';
import { appHandlers } from './app.ts';
import { buildHandlers } from './builds.ts';
import { backupHandlers } from './backups.ts';
import { composeHandlers } from './compose.ts';
import { containerHandlers } from './containers.ts';
import { engineHandlers } from './engines.ts';
import { execHandlers } from './exec.ts';
import { factHandlers } from './facts.ts';
import { fileHandlers } from './files.ts';
import { imageHandlers } from './images.ts';
import { layerHandlers } from './layers.ts';
import { portHandlers } from './ports.ts';
import { pruneHandlers } from './prune.ts';
import { recreateHandlers } from './recreate.ts';
import { registryHandlers } from './registry.ts';
import { resourceHandlers } from './resources.ts';
import { runHandlers } from './run.ts';
import { setHandlers } from './sets.ts';
import { swarmHandlers } from './swarm.ts';
import { viewHandlers } from './views.ts';
import type { HandlerTable } from './work.ts';

/** Every command but the runner's own (timers and releasing an overlay's work). */
export const handlers: HandlerTable<Exclude<CommandType, 'timer-start' | 'overlay-release'>> = {
  ...appHandlers,
  ...containerHandlers,
  ...imageHandlers,
  ...buildHandlers,
  ...registryHandlers,
  ...resourceHandlers,
  ...setHandlers,
  ...swarmHandlers,
  ...pruneHandlers,
  ...runHandlers,
  ...composeHandlers,
  ...execHandlers,
  ...recreateHandlers,
  ...viewHandlers,
  ...layerHandlers,
  ...engineHandlers,
  ...fileHandlers,
  ...factHandlers,
  ...portHandlers,
  ...backupHandlers,
};
