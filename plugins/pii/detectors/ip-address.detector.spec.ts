import { IpAddressDetector } from './ip-address.detector';

const detector = new IpAddressDetector();
const found = (text: string): string[] =>
  detector.detect(text).map((h) => text.slice(h.start, h.end));

describe('pii.ip_address', () => {
  it.each([
    ['my ip is 203.0.113.45.', '203.0.113.45', 4, false],
    ['server 192.168.0.1 down', '192.168.0.1', 4, true],
    ['내 아이피 8.8.8.8 이야', '8.8.8.8', 4, false],
    ['v6: 2001:db8:85a3::8a2e:370:7334', '2001:db8:85a3::8a2e:370:7334', 6, false],
    [
      'full 2001:0db8:0000:0000:0000:ff00:0042:8329 ok',
      '2001:0db8:0000:0000:0000:ff00:0042:8329',
      6,
      false,
    ],
    ['loopback fe80::1ff:fe23:4567:890a', 'fe80::1ff:fe23:4567:890a', 6, true],
  ])('finds %s', (text, expected, version, isPrivate) => {
    const hits = detector.detect(text);
    expect(hits.map((h) => text.slice(h.start, h.end))).toEqual([expected]);
    expect(hits[0].facts).toEqual({ version, private: isPrivate });
  });

  it.each([
    'version 1.2.3',
    'update to v1.2.3.4',
    'release 10.0.19041.1',
    '버전 1.2.3.4 나왔어',
    '256.1.1.1',
    '1.2.3.4.5',
    'pi is 3.14',
    'meet at 12:30:45',
    'ratio 3:2:1',
    'a::b in code',
    '01.02.03.04',
    "it's 2.5.0.1 in the changelog",
    '1.2.0.3 patch notes are out',
  ])('ignores %s', (text) => {
    expect(found(text)).toEqual([]);
  });
});
