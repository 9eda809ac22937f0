/**
 * What each command asks of the engine it goes to: whether it changes it (or runs something in
 * it) — the one fact the gate (gate.ts) needs to refuse it on a read-only engine and to ask on a
 * protected one. TypeScript holds the table to the `Command` union: a new command without its
 * fact does not compile, so no command reaches a handler undeclared.
 */
import type { Command, CommandType } from '../commands.ts';

type Fact<K extends CommandType> = boolean | ((command: Extract<Command, { type: K }>) => boolean);
type Facts = { readonly [K in CommandType]: Fact<K> };

/** true: the command asks its engine for a change; false: it reads, or stays in berth and on this machine. */
const CHANGES: Facts = {
  // The app and the terminal.
  'app-quit': false,
  'app-suspend': false,
  'timer-start': false,
  'clipboard-copy': false,
  'incident-acknowledge': false,
  'incident-mute': false,
  'overlay-release': false,
  // Containers.
  'container-shell': true,
  'container-attach': true,
  'container-start': true,
  'project-start': true,
  'container-pause': true,
  'container-stop': true,
  'container-kill': true,
  'container-rename': true,
  'container-commit': true,
  'container-changes': false,
  'container-remove': true,
  // A copy out reads the container and writes on this machine.
  'container-copy-out': false,
  'container-copy-in': true,
  // Images, pulls and pushes.
  'image-tag': true,
  'image-remove': true,
  'pull-start': true,
  'pull-cancel': false,
  'pull-dismiss': false,
  'credentials-lookup': false,
  // A build makes an image (and its cache) in the engine; cancelling and dismissing stay in berth.
  'build-start': true,
  'build-again': true,
  'build-cancel': false,
  'build-dismiss': false,
  // Reads of an index, a catalog or a tag list: nothing changes.
  'registry-search': false,
  'registry-tags': false,
  // A save and a container's export read; a load, a restore and a volume's export (its helper
  // container) change the engine.
  'backup-start': (c) => c.job.kind === 'image-load' || c.job.kind === 'volume-export' || c.job.kind === 'volume-restore',
  // Volumes and networks.
  'volume-create': true,
  'volume-remove': true,
  'network-create': true,
  'network-remove': true,
  // Marked rows, confirmations, the fleet.
  'set-act': true,
  'set-halt': false,
  'engine-confirm': false,
  'fleet-show': false,
  // The swarm, prune, runs, recreate, updates.
  'swarm-act': true,
  'prune-preview': false,
  'prune-run': true,
  'run-create': true,
  'run-pull': true,
  'recreate-load': false,
  'recreate-run': true,
  'image-update': true,
  'image-update-recreate': true,
  // Compose: the probe only looks for the CLI; every verb changes the project.
  'compose-probe': false,
  'compose-run': true,
  // An exec and a debug container run in the engine. A host action is the user's own program on
  // this machine: berth sends nothing for it (a `confirm` one is refused before, by the key: fleet/access.ts).
  'exec-run': true,
  'debug-run': true,
  'host-run': false,
  // What fills the views: reads.
  'inspect-load': false,
  'logs-open': false,
  'logs-open-project': false,
  'logs-open-service': false,
  'logs-save': false,
  'logs-page': false,
  'logs-history-search': false,
  'logs-search-cancel': false,
  'logs-pager': false,
  'logs-window': false,
  'logs-reveal': false,
  'container-diff-load': false,
  'files-open': false,
  'history-load': false,
  'facts-load': false,
  // Running a health check now is an exec in the container: a change, as any exec is.
  'health-run': true,
  'relations-load': false,
  'layers-load': false,
  'top-follow': false,
  'engines-list': false,
  'engine-switch': false,
  // Ports: reading them and opening one in a browser here change nothing; a forward runs a
  // helper container (or asks the ssh master to listen) there. Ending one only undoes it.
  'ports-load': false,
  'port-open': false,
  'forward-start': true,
  'forward-cancel': false,
  'forwards-follow': false,
};

/** Whether `command` asks its engine for a change. */
export function changesEngine(command: Command): boolean {
  const fact = CHANGES[command.type] as Fact<CommandType>;
  return typeof fact === 'function' ? (fact as (c: Command) => boolean)(command) : fact;
}

/** Every command type whose fact is `true` or a rule (for the checks). */
export function changingTypes(): CommandType[] {
  return (Object.keys(CHANGES) as CommandType[]).filter((type) => CHANGES[type] !== false);
}
