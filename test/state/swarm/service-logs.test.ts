import assert from 'node:assert/strict';
import { test } from 'node:test';
import { nameTask } from '../../../src/state/swarm/service-logs.ts';

test('a service log line’s details become its mark, as docker service logs names the task', () => {
  const rewrite = nameTask((task, node) => (task === 't1' ? `web.1@${node === 'n1' ? 'box' : '?'}` : undefined));
  const line = { text: 'com.docker.swarm.node.id=n1,com.docker.swarm.service.id=s1,com.docker.swarm.task.id=t1 hello world', stream: 'stdout' as const, source: 'web' };
  assert.deepEqual(rewrite(line), { ...line, text: 'hello world', source: 'web.1@box' });
  // A task the lists do not know yet: its short ids.
  const other = { ...line, text: 'com.docker.swarm.node.id=n2,com.docker.swarm.service.id=s1,com.docker.swarm.task.id=t2abcdefabcdef1 hi' };
  assert.equal(rewrite(other).source, 't2abcdefabcd@n2');
  // A line without details stays as it is.
  assert.deepEqual(rewrite({ ...line, text: 'plain' }), { ...line, text: 'plain' });
});
