import assert from 'node:assert/strict';
import { test } from 'node:test';
import { cli, cliWriters, copyInLine, copyOutLine, runLine, swarmLine } from '../../../src/state/action-log/cli-line.ts';

const ID = 'abc123def456';

test('each container verb is written as the docker CLI line that does it', () => {
  const cases: Array<[string, string]> = [
    [cliWriters.stopContainer(ID), `docker stop ${ID}`],
    [cliWriters.stopContainer(ID, { timeout: 5 }), `docker stop -t 5 ${ID}`],
    [cliWriters.restartContainer(ID, { timeout: 0 }), `docker restart -t 0 ${ID}`],
    [cliWriters.startContainer(ID), `docker start ${ID}`],
    [cliWriters.pauseContainer(ID, true), `docker pause ${ID}`],
    [cliWriters.pauseContainer(ID, false), `docker unpause ${ID}`],
    [cliWriters.killContainer(ID), `docker kill ${ID}`],
    [cliWriters.killContainer(ID, 'SIGTERM'), `docker kill --signal SIGTERM ${ID}`],
    [cliWriters.renameContainer(ID, 'new-name'), `docker rename ${ID} new-name`],
    [cliWriters.removeContainer(ID), `docker rm ${ID}`],
    [cliWriters.removeContainer(ID, { force: true, volumes: true }), `docker rm -f -v ${ID}`],
    [cliWriters.createExec(ID, { cmd: ['sh', '-c', 'ls /'], env: ['TERM=xterm'] }), `docker exec -it -e TERM=xterm ${ID} sh -c 'ls /'`],
    [cliWriters.commitContainer({ container: ID, repo: 'me/snap', tag: 'v1', comment: 'a fix', author: 'me' }), `docker commit --message 'a fix' --author me ${ID} me/snap:v1`],
    [cliWriters.commitContainer({ container: ID }), `docker commit ${ID}`],
    [cliWriters.commitContainer({ container: ID, repo: 'me/snap', changes: ['ENV A=b c', 'CMD ["sh"]'] }), `docker commit --change 'ENV A=b c' --change 'CMD ["sh"]' ${ID} me/snap`],
  ];
  for (const [written, expected] of cases) assert.equal(written, expected);
});

test('a full id is written by its first 12 digits, as one types it; names stay whole', () => {
  const full = `${'0123456789ab'}${'c'.repeat(52)}`;
  assert.equal(cliWriters.stopContainer(full), 'docker stop 0123456789ab');
  assert.equal(cliWriters.removeImage(`sha256:${full}`), 'docker rmi 0123456789ab');
  assert.equal(cliWriters.tagImage(`sha256:${full}`, 'me/app', 'v1'), 'docker tag 0123456789ab me/app:v1');
  assert.equal(cliWriters.stopContainer('web-1'), 'docker stop web-1');
});

test('a create is written with the options the config holds, the image and its command last', () => {
  assert.equal(
    cliWriters.createContainer({ Image: 'busybox:latest', Cmd: ['sleep', '300'], Env: ['GREETING=hi there'], Tty: true, OpenStdin: true, HostConfig: { AutoRemove: true, NetworkMode: 'none' } }, { name: 'hello' }),
    "docker create --name hello -i -t --rm --network none -e 'GREETING=hi there' busybox:latest sleep 300",
  );
  assert.equal(cliWriters.createContainer({ Image: 'busybox', HostConfig: { NetworkMode: 'default' } }), 'docker create busybox');
  assert.equal(
    cliWriters.createContainer({
      Image: 'nginx',
      Labels: { tier: 'web' },
      WorkingDir: '/srv',
      User: '1000',
      Hostname: 'h1',
      Volumes: { '/cache': {} },
      Entrypoint: ['/bin/sh'],
      HostConfig: {
        RestartPolicy: { Name: 'on-failure', MaximumRetryCount: 3 },
        PortBindings: { '80/tcp': [{ HostIp: '', HostPort: '8080' }], '53/udp': [{ HostIp: '127.0.0.1', HostPort: '5353' }] },
        PublishAllPorts: true,
        Binds: ['/data:/data:ro'],
        Mounts: [{ Type: 'tmpfs', Target: '/tmp' }],
        Memory: 536870912,
        NanoCpus: 1500000000,
      },
    }),
    'docker create --restart on-failure:3 -p 8080:80 -p 127.0.0.1:5353:53/udp -P -v /data:/data:ro -v /cache --mount type=tmpfs,target=/tmp --label tier=web --workdir /srv --user 1000 --hostname h1 --memory 536870912 --cpus 1.5 --entrypoint /bin/sh nginx',
  );
});

test('image verbs: pull and push with tag or digest, tag, rmi; credentials never appear', () => {
  assert.equal(cliWriters.pullImage('busybox', { tag: 'latest', auth: { username: 'u', password: 'secret-pw', serveraddress: 'r' } }), 'docker pull busybox:latest');
  assert.equal(cliWriters.pullImage('busybox', { tag: 'sha256:abcd', platform: 'linux/arm64' }), 'docker pull --platform linux/arm64 busybox@sha256:abcd');
  assert.equal(cliWriters.pushImage('127.0.0.1:5000/me/app', { tag: 'v2', auth: { username: 'u', password: 'secret-pw', serveraddress: 'r' } }), 'docker push 127.0.0.1:5000/me/app:v2');
  assert.equal(
    cliWriters.buildImage({ context: undefined as never, builder: 'buildkit', tags: ['app:1', 'app:latest'], dockerfile: 'docker/Dockerfile', buildArgs: { MODE: 'prod run' }, target: 'final', noCache: true, networkMode: 'none', contextPath: './app' }),
    "docker build -t app:1 -t app:latest -f docker/Dockerfile --build-arg 'MODE=prod run' --target final --network none --no-cache ./app",
  );
  assert.equal(cliWriters.buildImage({ context: undefined as never, builder: 'classic', dockerfile: 'Dockerfile' }), 'docker build .');
  assert.equal(cliWriters.tagImage('sha256:abcd', 'me/app', 'v2'), 'docker tag sha256:abcd me/app:v2');
  assert.equal(cliWriters.removeImage('me/app:v2', { force: true, noPrune: true }), 'docker rmi -f --no-prune me/app:v2');
  assert.equal(cliWriters.removeImage('me/app:v2'), 'docker rmi me/app:v2');
});

test('prune, volumes and networks', () => {
  assert.equal(cliWriters.prune('containers'), 'docker container prune -f');
  assert.equal(cliWriters.prune('images', { all: true }), 'docker image prune -f -a');
  assert.equal(cliWriters.prune('build'), 'docker builder prune -f');
  assert.equal(cliWriters.prune('volumes'), 'docker volume prune -f');
  assert.equal(cliWriters.prune('networks'), 'docker network prune -f');
  assert.equal(cliWriters.createVolume('data'), 'docker volume create data');
  assert.equal(cliWriters.createVolume(''), 'docker volume create', 'an empty name: the engine picks one');
  assert.equal(cliWriters.removeVolume('data', { force: true }), 'docker volume rm -f data');
  assert.equal(cliWriters.createNetwork('backend'), 'docker network create backend');
  assert.equal(cliWriters.removeNetwork('n1'), 'docker network rm n1');
});

test('the swarm’s changes, by what they mean', () => {
  assert.equal(swarmLine({ kind: 'scale', name: 'web', replicas: 3 }), 'docker service scale web=3');
  assert.equal(swarmLine({ kind: 'force-update', name: 'web' }), 'docker service update --force web');
  assert.equal(swarmLine({ kind: 'rollback', name: 'web' }), 'docker service rollback web');
  assert.equal(swarmLine({ kind: 'remove-service', name: 'web' }), 'docker service rm web');
  assert.equal(swarmLine({ kind: 'drain', name: 'node-1' }), 'docker node update --availability drain node-1');
  assert.equal(swarmLine({ kind: 'activate', name: 'node-1' }), 'docker node update --availability active node-1');
});

test('words a shell would split or expand are quoted', () => {
  assert.equal(cli('rename', 'x', "it's $HOME"), 'docker rename x "it\'s \\$HOME"');
  assert.equal(cli('exec', 'x', 'echo', 'a b'), "docker exec x echo 'a b'");
  assert.equal(cli('exec', 'x', 'echo', '$HOME'), "docker exec x echo '$HOME'");
});

test('an exec says -it only with a terminal, and its user, directory and environment', () => {
  assert.equal(cliWriters.createExec(ID, { cmd: ['id'], tty: false, user: '1000:1000', workingDir: '/srv' }), `docker exec -u 1000:1000 -w /srv ${ID} id`);
  assert.equal(cliWriters.createExec(ID, { cmd: ['sh'], user: 'app', env: ['TERM=xterm'] }), `docker exec -it -u app -e TERM=xterm ${ID} sh`);
});

test('a create that was also started is a docker run: -d when nothing was attached; the debug helper’s namespaces and capabilities', () => {
  assert.equal(runLine({ Image: 'busybox', Cmd: ['sleep', '1'], AttachStdout: false, HostConfig: { NetworkMode: 'none' } }, { name: 'x' }), 'docker run -d --name x --network none busybox sleep 1');
  const target = 'f'.repeat(64);
  assert.equal(
    runLine({ Image: 'busybox', Cmd: ['sh'], Tty: true, OpenStdin: true, AttachStdout: true, User: '1000', HostConfig: { PidMode: `container:${target}`, NetworkMode: `container:${target}`, CapAdd: ['SYS_PTRACE'], AutoRemove: true } }),
    `docker run -i -t --rm --network container:${target} --pid container:${target} --cap-add SYS_PTRACE --user 1000 busybox sh`,
  );
});

test('copies are docker cp, the container side as CONTAINER:PATH', () => {
  assert.equal(copyInLine('/home/me/notes.txt', `${'0123456789ab'}${'c'.repeat(52)}`, '/srv'), 'docker cp /home/me/notes.txt 0123456789ab:/srv');
  assert.equal(copyOutLine('web-1', '/etc/my app.conf', '/tmp/out'), "docker cp 'web-1:/etc/my app.conf' /tmp/out");
});
