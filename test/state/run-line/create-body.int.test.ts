/**
 * A docker run line → checked options → create body, sent to the sandbox engine and read back
 * through inspect: each supported flag is where `docker run` would have put it.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, test } from 'node:test';
import { EngineClient } from '../../../src/engine/client.ts';
import { createConfig } from '../../../src/state/actions/run-container.ts';
import { DOCKER_RUN_FLAGS } from '../../../src/state/run-line/flags.ts';
import { checkRunOptions, resolveEnv } from '../../../src/state/run-line/create-body.ts';
import { parseRunLine } from '../../../src/state/run-line/parse-line.ts';
import { sandboxDocker, sandboxEnv } from '../../support/sandbox-env.ts';

const name = `berth-runline-${randomBytes(4).toString('hex')}`;
const made: string[] = [];
let client: EngineClient;
let busybox: string;

before(() => {
  const env = sandboxEnv();
  busybox = env.images.busybox;
  client = new EngineClient({ host: env.dockerHost, env: {} });
});

after(async () => {
  for (const id of made) await client.removeContainer(id, { force: true }).catch(() => undefined);
  await client.close();
});

interface Inspected {
  Name: string;
  Config: { Env: string[]; ExposedPorts?: Record<string, unknown>; WorkingDir: string; User: string; Entrypoint: string[] | null; Labels: Record<string, string>; Hostname: string; Cmd: string[] };
  HostConfig: {
    PortBindings: Record<string, { HostIp: string; HostPort: string }[]>;
    Binds: string[] | null;
    Mounts?: { Type: string; Target: string }[];
    AutoRemove: boolean;
    RestartPolicy: { Name: string; MaximumRetryCount: number };
    NetworkMode: string;
    Memory: number;
    NanoCpus: number;
  };
}

async function createFrom(line: string): Promise<Inspected> {
  const parsed = parseRunLine(line);
  assert.ok(parsed.ok, parsed.ok ? '' : parsed.message);
  assert.deepEqual(parsed.unsupported, []);
  const { errors, extras } = checkRunOptions(parsed.options);
  assert.deepEqual(errors, {});
  assert.ok(extras);
  const o = parsed.options;
  const env = resolveEnv([], extras.env, () => undefined);
  const created = await client.createContainer(
    createConfig({ image: o.image, cmd: o.command.length > 0 ? [...o.command] : undefined, name: o.name, tty: o.tty, detached: o.detach, extras, env }),
    { name: o.name },
  );
  made.push(created.Id);
  const [inspected] = JSON.parse(await sandboxDocker(['inspect', created.Id])) as Inspected[];
  assert.ok(inspected);
  return inspected;
}

test('every supported flag reaches the engine as docker run would send it', async () => {
  const c = await createFrom(
    `docker run -d --name ${name} -p 127.0.0.1:18081:80 -p 5353:53/udp -e GREETING='hello world' -v /tmp:/host-tmp:ro ` +
      `--restart on-failure:2 --network bridge -w /work -u 1000:1000 --entrypoint /bin/sh -l tier=web ` +
      `--memory 64m --cpus 0.5 --hostname box ${busybox} -c 'sleep 1'`,
  );
  assert.equal(c.Name, `/${name}`);
  assert.deepEqual(c.HostConfig.PortBindings, { '80/tcp': [{ HostIp: '127.0.0.1', HostPort: '18081' }], '53/udp': [{ HostIp: '', HostPort: '5353' }] });
  assert.ok(c.Config.ExposedPorts && '80/tcp' in c.Config.ExposedPorts && '53/udp' in c.Config.ExposedPorts);
  assert.ok(c.Config.Env.includes('GREETING=hello world'));
  assert.deepEqual(c.HostConfig.Binds, ['/tmp:/host-tmp:ro']);
  assert.deepEqual(c.HostConfig.RestartPolicy, { Name: 'on-failure', MaximumRetryCount: 2 });
  assert.equal(c.HostConfig.NetworkMode, 'bridge');
  assert.equal(c.Config.WorkingDir, '/work');
  assert.equal(c.Config.User, '1000:1000');
  assert.deepEqual(c.Config.Entrypoint, ['/bin/sh']);
  assert.deepEqual(c.Config.Cmd, ['-c', 'sleep 1']);
  assert.equal(c.Config.Labels.tier, 'web');
  assert.equal(c.HostConfig.Memory, 64 * 1024 * 1024);
  assert.equal(c.HostConfig.NanoCpus, 500_000_000);
  assert.equal(c.Config.Hostname, 'box');
});

test('--rm and --mount reach HostConfig (AutoRemove, Mounts of each type)', async () => {
  const c = await createFrom(
    `docker run --rm --name ${name}-rm --mount type=tmpfs,target=/scratch --mount type=volume,target=/vol --mount type=bind,source=/tmp,target=/b ${busybox} true`,
  );
  assert.equal(c.HostConfig.AutoRemove, true);
  assert.deepEqual(
    (c.HostConfig.Mounts ?? []).map((m) => `${m.Type}:${m.Target}`),
    ['tmpfs:/scratch', 'volume:/vol', 'bind:/b'],
  );
});

test('the flag table is the sandbox CLI’s `docker run --help`, flag for flag', async () => {
  const help = await sandboxDocker(['run', '--help']);
  const listed = [...help.matchAll(/^\s+(?:-(\w), )?--([\w-]+)(?: ([\w-]+))?\s{2,}/gm)].map(([, short, long, value]) => ({ long: long ?? '', ...(short && { short }), ...(value && { value }) }));
  assert.ok(listed.length > 80, `read ${listed.length} flags from the help`);
  const key = (f: { long: string; short?: string; value?: string }) => `${f.short ? `-${f.short}, ` : ''}--${f.long} ${f.value ?? ''}`;
  assert.deepEqual(DOCKER_RUN_FLAGS.map(key).sort(), listed.map(key).sort());
});
