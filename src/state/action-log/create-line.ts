/**
 * A container create request written back as the `docker create` line that makes the same
 * container: the options berth's run dialog sets (run-line/create-body.ts), read from the body
 * the engine was sent. Fields are read as unknown: the body is the engine's shape, not ours.
 */
import type { ContainerCreateConfig } from '../../engine/types.ts';

type Words = Array<string | false | undefined>;

function record(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** `-p [ip:]host:container[/udp]`, one per binding (tcp is the CLI's default, left out). */
function publishWords(bindings: unknown): Words {
  const words: Words = [];
  for (const [port, hosts] of Object.entries(record(bindings) ?? {})) {
    const container = port.endsWith('/tcp') ? port.slice(0, -'/tcp'.length) : port;
    for (const host of Array.isArray(hosts) ? hosts : []) {
      const h = record(host);
      const hostIp = text(h?.HostIp);
      const hostPort = text(h?.HostPort) ?? '';
      words.push('-p', `${hostIp ? `${hostIp}:` : ''}${hostPort === '' && !hostIp ? '' : `${hostPort}:`}${container}`);
    }
  }
  return words;
}

/** `--mount type=…,source=…,target=…[,readonly]`. */
function mountWords(mounts: unknown): Words {
  return (Array.isArray(mounts) ? mounts : []).flatMap((m) => {
    const mount = record(m);
    if (!mount) return [];
    const parts = [`type=${String(mount.Type)}`, ...(text(mount.Source) ? [`source=${String(mount.Source)}`] : []), `target=${String(mount.Target)}`, ...(mount.ReadOnly === true ? ['readonly'] : [])];
    return ['--mount', parts.join(',')];
  });
}

function restartWord(policy: unknown): Words {
  const p = record(policy);
  const name = text(p?.Name);
  if (!name || name === 'no') return [];
  const count = typeof p?.MaximumRetryCount === 'number' && p.MaximumRetryCount > 0 ? `:${p.MaximumRetryCount}` : '';
  return ['--restart', `${name}${count}`];
}

/** The words after `docker create`, the image and its command last. */
export function createWords(config: ContainerCreateConfig, name: string | undefined, platform: string | undefined): Words {
  const host = record(config.HostConfig) ?? {};
  const network = text(host.NetworkMode);
  const cpus = typeof host.NanoCpus === 'number' ? String(host.NanoCpus / 1e9) : undefined;
  return [
    ...(name ? ['--name', name] : []),
    ...(platform ? ['--platform', platform] : []),
    config.OpenStdin === true && '-i',
    config.Tty === true && '-t',
    host.AutoRemove === true && '--rm',
    ...restartWord(host.RestartPolicy),
    ...(network && network !== 'default' ? ['--network', network] : []),
    ...(text(host.PidMode) ? ['--pid', String(host.PidMode)] : []),
    ...strings(host.CapAdd).flatMap((cap) => ['--cap-add', cap]),
    ...strings(host.CapDrop).flatMap((cap) => ['--cap-drop', cap]),
    host.Privileged === true && '--privileged',
    ...publishWords(host.PortBindings),
    host.PublishAllPorts === true && '-P',
    ...strings(host.Binds).flatMap((bind) => ['-v', bind]),
    ...Object.keys(record(config.Volumes) ?? {}).flatMap((target) => ['-v', target]),
    ...mountWords(host.Mounts),
    ...Object.entries(config.Labels ?? {}).flatMap(([k, v]) => ['--label', `${k}=${v}`]),
    ...(text(config.WorkingDir) ? ['--workdir', config.WorkingDir] : []),
    ...(text(config.User) ? ['--user', String(config.User)] : []),
    ...(text(config.Hostname) ? ['--hostname', String(config.Hostname)] : []),
    ...(typeof host.Memory === 'number' && host.Memory > 0 ? ['--memory', String(host.Memory)] : []),
    ...(cpus ? ['--cpus', cpus] : []),
    ...strings(config.Env).flatMap((e) => ['-e', e]),
    // Not shell-split, as the CLI: --entrypoint "a b" runs a program called "a b".
    ...(config.Entrypoint && config.Entrypoint.length > 0 ? ['--entrypoint', config.Entrypoint.join(' ')] : []),
    config.Image,
    ...strings(config.Cmd),
  ];
}
