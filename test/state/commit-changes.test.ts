/** The commit dialog's `--change` instructions: split at `;`, each checked before anything is sent. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkChange, checkChanges, splitChanges } from '../../src/state/commit-changes.ts';

test('splits at ; outside quotes and JSON arrays', () => {
  assert.deepEqual(splitChanges('ENV A=1; CMD ["nginx", "-g", "daemon off;"] ; LABEL x="a;b";'), ['ENV A=1', 'CMD ["nginx", "-g", "daemon off;"]', 'LABEL x="a;b"']);
  assert.deepEqual(splitChanges('  '), []);
});

test('accepts what docker commit --change takes for the offered instructions', () => {
  for (const ok of ['ENV A=1', 'env A=1 B="two words"', 'ENV NAME some value', 'EXPOSE 80 443/tcp 5000-5010/udp', 'LABEL a=b c.d="e f"', 'CMD ["sh", "-c", "echo hi"]', 'CMD echo hi', 'ENTRYPOINT ["/bin/app"]', 'WORKDIR /srv', 'USER 1000:1000', 'USER nobody']) {
    assert.equal(checkChange(ok), undefined, ok);
  }
});

test('names what is wrong', () => {
  assert.match(checkChange('RUN apt-get update') ?? '', /RUN is not one of CMD, ENTRYPOINT/);
  assert.match(checkChange('ENV') ?? '', /ENV needs a value/);
  assert.match(checkChange('ENV =1') ?? '', /key=value/);
  assert.match(checkChange('LABEL justakey') ?? '', /LABEL takes key=value pairs, not justakey/);
  assert.match(checkChange('EXPOSE 70000') ?? '', /not 70000/);
  assert.match(checkChange('EXPOSE http') ?? '', /not http/);
  assert.match(checkChange('CMD ["a", 1]') ?? '', /JSON array of strings/);
  assert.match(checkChange('USER a b') ?? '', /USER is a name/);
});

test('the list sent has each keyword upper-cased; the first bad one stops it', () => {
  assert.deepEqual(checkChanges('env A=1; workdir /x'), { ok: true, value: ['ENV A=1', 'WORKDIR /x'] });
  assert.deepEqual(checkChanges(''), { ok: true, value: [] });
  const bad = checkChanges('ENV A=1; FROM x');
  assert.equal(bad.ok, false);
});
