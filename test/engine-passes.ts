/**
 * Which test files run against which sandbox engine. Every file that needs an engine runs
 * against dockerd; the ones listed here run against Podman too, as a second pass with the
 * same BERTH_SANDBOX_* variables pointing at Podman (BERTH_SANDBOX_ENGINE=podman), where the
 * tests mark what Podman does differently. Chosen to cover the client, the actions, pulls,
 * exec, contexts and the live TUI while keeping `npm test` well inside its time budget.
 *
 *   tsx test/run.ts [--engine=docker|podman|both] [files…]
 *
 * Default: both for a whole run (no files named), docker when files are named.
 */
export type TestEngine = 'docker' | 'podman';

export const PODMAN_FILES: readonly string[] = [
  'test/engine/client.int.test.ts',
  'test/engine/context.int.test.ts',
  'test/engine/exec.int.test.ts',
  'test/state/actions/actions.int.test.ts',
  'test/state/pulls/pull-manager.int.test.ts',
  'test/e2e/live-tui.test.ts',
  'test/e2e/secrets.test.ts',
  // Podman's stats and top differ (busy-only host CPU time, a 5 s interval, ps run inside the
  // container): the monitoring views and the figures are held to what Podman means.
  'test/engine/stats.int.test.ts',
  'test/e2e/monitoring.test.ts',
  // What differs on Podman by design: no Swarm (404), and the sandbox registry at 10.0.2.2:<port>.
  'test/state/swarm/swarm-lists.int.test.ts',
  'test/sandbox/banner.int.test.ts',
  // The compose CLI (Debian's docker-compose 1.29) against Podman's compat API: up, pull,
  // restart, down and a recreate all work there as on Docker.
  'test/e2e/compose.test.ts',
  // Builds: Podman's compat /build answers with the classic builder's stream (buildah), shown as
  // steps; only that test of the file runs there (~6 s).
  'test/e2e/build.test.ts',
  // Podman's archive stat names where every path resolves (linkTarget on `/` too), not only links'.
  'test/e2e/commit-files.test.ts',
  // Edit and recreate: Podman's compat API adds its own env, workdir and stop timeout to every
  // container (left out of the form), and frees a removed container's ports a moment later.
  'test/e2e/recreate.test.ts',
  // Podman 4.3 stamps log lines to the second (many lines share one: the history pages by line
  // number there) and writes a line the container wrote in two reads as two entries.
  'test/e2e/logs-history.test.ts',
  // Incidents: Podman's exit code is containerExitCode, its kill names no signal, and its OOM kill
  // is a bare exit 137 (no oom event, OOMKilled false). The unhealthy case is incidents-health.test.ts,
  // Docker only: Podman's health checks need systemd timers the sandbox does not have.
  'test/e2e/incidents.test.ts',
  // Disk usage (issue 49): Podman 4.3's compat /system/df gives the figures `docker system df -v`
  // prints against it; it says `remove` where Docker says `destroy` (state/disk reads both). 8–12 s.
  'test/e2e/disk-usage.test.ts',
  // The layer explorer: Podman's image history and `GET /images/{name}/get` answer as Docker's;
  // its ssh test is Docker's alone (the sandbox's sshd reaches dockerd). ~6 s.
  'test/e2e/layer-explorer.test.ts',
  // Not test/e2e/dialogs.test.ts: its swarm case needs Swarm, which Podman does not have (503),
  // and its remove case selects rows by Docker's short names.
];

/** `--engine=…` → the engines to run on; undefined when not given. */
export function parseEngineOption(arg: string): TestEngine[] | undefined {
  const match = /^--engine=(docker|podman|both)$/.exec(arg);
  if (!match) return undefined;
  return match[1] === 'both' ? ['docker', 'podman'] : [match[1] as TestEngine];
}

/** The engine files of the Podman pass: the listed ones, or every one named on the command line. */
export function podmanFiles(files: readonly string[], named: boolean, relative: (file: string) => string): string[] {
  return named ? [...files] : files.filter((file) => PODMAN_FILES.includes(relative(file)));
}
