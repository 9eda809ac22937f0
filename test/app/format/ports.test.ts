import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { formatPorts } from '../../../src/app/format/ports.ts';
import type { PortEntry } from '../../../src/app/format/ports.ts';

// describe/it return promises that the node:test runner tracks itself; `void` says so to the linter.

void describe('formatPorts', () => {
  const cases: Array<[string, PortEntry[] | undefined, string]> = [
    ['undefined', undefined, ''],
    ['empty', [], ''],
    ['published on all IPv4 interfaces', [{ IP: '0.0.0.0', PrivatePort: 80, PublicPort: 8080, Type: 'tcp' }], '0.0.0.0:8080->80/tcp'],
    ['unpublished', [{ PrivatePort: 80, Type: 'tcp' }], '80/tcp'],
    [
      'IPv4 + IPv6 wildcard pair collapses to the IPv4 form',
      [
        { IP: '::', PrivatePort: 80, PublicPort: 8080, Type: 'tcp' },
        { IP: '0.0.0.0', PrivatePort: 80, PublicPort: 8080, Type: 'tcp' },
      ],
      '0.0.0.0:8080->80/tcp',
    ],
    [
      'IPv6 wildcard on a different host port is kept, bracketed',
      [
        { IP: '0.0.0.0', PrivatePort: 80, PublicPort: 8080, Type: 'tcp' },
        { IP: '::', PrivatePort: 80, PublicPort: 8081, Type: 'tcp' },
      ],
      '0.0.0.0:8080->80/tcp, [::]:8081->80/tcp',
    ],
    ['IPv6-only wildcard', [{ IP: '::', PrivatePort: 53, PublicPort: 5353, Type: 'udp' }], '[::]:5353->53/udp'],
    [
      'specific loopback addresses are distinct bindings',
      [
        { IP: '::1', PrivatePort: 5432, PublicPort: 5432, Type: 'tcp' },
        { IP: '127.0.0.1', PrivatePort: 5432, PublicPort: 5432, Type: 'tcp' },
      ],
      '127.0.0.1:5432->5432/tcp, [::1]:5432->5432/tcp',
    ],
    [
      'sorted by private port, then type',
      [
        { PrivatePort: 443, Type: 'tcp' },
        { IP: '0.0.0.0', PrivatePort: 53, PublicPort: 53, Type: 'udp' },
        { IP: '0.0.0.0', PrivatePort: 53, PublicPort: 53, Type: 'tcp' },
        { PrivatePort: 80, Type: 'tcp' },
      ],
      '0.0.0.0:53->53/tcp, 0.0.0.0:53->53/udp, 80/tcp, 443/tcp',
    ],
    [
      'same port published and exposed',
      [
        { IP: '0.0.0.0', PrivatePort: 80, PublicPort: 8080, Type: 'tcp' },
        { PrivatePort: 80, Type: 'tcp' },
      ],
      '80/tcp, 0.0.0.0:8080->80/tcp',
    ],
    [
      'ranges stay expanded',
      [
        { IP: '0.0.0.0', PrivatePort: 8001, PublicPort: 9001, Type: 'tcp' },
        { IP: '0.0.0.0', PrivatePort: 8000, PublicPort: 9000, Type: 'tcp' },
      ],
      '0.0.0.0:9000->8000/tcp, 0.0.0.0:9001->8001/tcp',
    ],
    [
      'exact duplicates shown once',
      [
        { IP: '0.0.0.0', PrivatePort: 80, PublicPort: 8080, Type: 'tcp' },
        { IP: '0.0.0.0', PrivatePort: 80, PublicPort: 8080, Type: 'tcp' },
      ],
      '0.0.0.0:8080->80/tcp',
    ],
    ['missing Type means tcp', [{ PrivatePort: 22 }], '22/tcp'],
    ['empty Type means tcp', [{ PrivatePort: 22, Type: '' }], '22/tcp'],
    ['published without IP (some engines)', [{ PrivatePort: 80, PublicPort: 8080, Type: 'tcp' }], '8080->80/tcp'],
    ['PublicPort 0 means unpublished', [{ IP: '0.0.0.0', PrivatePort: 80, PublicPort: 0, Type: 'tcp' }], '80/tcp'],
    ['entry without PrivatePort is skipped', [{ IP: '0.0.0.0', PublicPort: 8080, Type: 'tcp' }, { PrivatePort: 80 }], '80/tcp'],
    ['nothing displayable', [{}], ''],
    ['sctp', [{ PrivatePort: 9000, Type: 'sctp' }], '9000/sctp'],
    ['engine-supplied text is sanitized', [{ IP: '1.2.3.4\x1b[2J', PrivatePort: 80, PublicPort: 81, Type: 'tcp\x07' }], '1.2.3.4:81->80/tcp'],
  ];
  for (const [name, input, expected] of cases) {
    void it(name, () => assert.equal(formatPorts(input), expected));
  }

  void it('does not reorder the caller’s array', () => {
    const ports: PortEntry[] = [{ PrivatePort: 443 }, { PrivatePort: 80 }];
    formatPorts(ports);
    assert.deepEqual(ports, [{ PrivatePort: 443 }, { PrivatePort: 80 }]);
  });
});
