import { describe, expect, it } from 'vitest';
import type { AddressClass } from './address-class.ts';
import { classifyAddress, isProbeAllowed } from './address-class.ts';

const cases: Array<[string, AddressClass]> = [
  // IPv4 public
  ['8.8.8.8', 'public'],
  ['1.1.1.1', 'public'],
  ['49.36.0.1', 'public'],
  ['223.255.255.255', 'public'],
  // IPv4 edges of each range
  ['0.0.0.0', 'unspecified'],
  ['0.255.255.255', 'unspecified'],
  ['1.0.0.0', 'public'],
  ['9.255.255.255', 'public'],
  ['10.0.0.0', 'private'],
  ['10.0.0.1', 'private'],
  ['10.255.255.255', 'private'],
  ['11.0.0.0', 'public'],
  ['100.63.255.255', 'public'],
  ['100.64.0.0', 'shared'],
  ['100.127.255.255', 'shared'],
  ['100.128.0.0', 'public'],
  ['126.255.255.255', 'public'],
  ['127.0.0.1', 'loopback'],
  ['127.255.255.254', 'loopback'],
  ['128.0.0.0', 'public'],
  ['169.253.255.255', 'public'],
  ['169.254.0.0', 'link-local'],
  ['169.254.169.254', 'link-local'], // cloud metadata endpoint
  ['169.255.0.0', 'public'],
  ['172.15.255.255', 'public'],
  ['172.16.0.0', 'private'],
  ['172.31.255.255', 'private'],
  ['172.32.0.0', 'public'],
  ['192.0.0.8', 'reserved'],
  ['192.0.2.1', 'documentation'],
  ['192.0.3.0', 'public'],
  ['192.88.99.1', 'reserved'],
  ['192.167.255.255', 'public'],
  ['192.168.0.0', 'private'],
  ['192.168.255.255', 'private'],
  ['192.169.0.0', 'public'],
  ['198.17.255.255', 'public'],
  ['198.18.0.0', 'benchmarking'],
  ['198.19.255.255', 'benchmarking'],
  ['198.20.0.0', 'public'],
  ['198.51.100.7', 'documentation'],
  ['203.0.113.255', 'documentation'],
  ['203.0.114.0', 'public'],
  ['224.0.0.1', 'multicast'],
  ['239.255.255.255', 'multicast'],
  ['240.0.0.1', 'reserved'],
  ['255.255.255.255', 'reserved'],
  // IPv6
  ['::', 'unspecified'],
  ['::1', 'loopback'],
  ['0:0:0:0:0:0:0:1', 'loopback'],
  ['2606:4700:4700::1111', 'public'],
  ['2001:4860:4860::8888', 'public'],
  ['2400:cb00::1', 'public'],
  ['3ffe:ffff::1', 'public'],
  ['3fff::1', 'documentation'],
  ['2001:db8::1', 'documentation'],
  ['2001:db8:ffff:ffff:ffff:ffff:ffff:ffff', 'documentation'],
  ['2001:db9::1', 'public'],
  ['2001::1', 'reserved'], // Teredo
  ['2001:2::1', 'reserved'], // benchmarking
  ['2001:1ff:ffff::1', 'reserved'],
  ['2001:200::1', 'public'],
  ['fc00::1', 'unique-local'],
  ['fd12:3456:789a::1', 'unique-local'],
  ['fe80::1', 'link-local'],
  ['febf:ffff::1', 'link-local'],
  ['fec0::1', 'private'],
  ['ff02::1', 'multicast'],
  ['ff0e::1', 'multicast'],
  ['100::1', 'reserved'], // discard-only
  ['5f00::1', 'reserved'],
  ['4000::1', 'reserved'], // outside 2000::/3
  ['1fff:ffff::1', 'reserved'],
  ['::10.0.0.1', 'reserved'], // deprecated IPv4-compatible
  ['64:ff9b:1::1', 'reserved'], // local-use NAT64
  // Addresses embedding IPv4
  ['::ffff:8.8.8.8', 'public'],
  ['::ffff:10.0.0.1', 'private'],
  ['::ffff:127.0.0.1', 'loopback'],
  ['::ffff:7f00:1', 'loopback'],
  ['::FFFF:A9FE:A9FE', 'link-local'],
  ['::ffff:0.0.0.0', 'unspecified'],
  ['::ffff:100.64.0.1', 'shared'],
  ['64:ff9b::8.8.8.8', 'public'],
  ['64:ff9b::192.168.1.1', 'private'],
  ['64:ff9b::7f00:1', 'loopback'],
  ['2002:0808:0808::1', 'public'], // 6to4 of 8.8.8.8
  ['2002:c0a8:0101::1', 'private'], // 6to4 of 192.168.1.1
  ['2002:7f00:0001::1', 'loopback'],
  // Not addresses
  ['localhost', 'invalid'],
  ['', 'invalid'],
  ['256.0.0.1', 'invalid'],
  ['10.0.0', 'invalid'],
  ['fe80::1%eth0', 'invalid'],
  ['1:2:3:4:5:6:7:8:9', 'invalid'],
  ['::1::', 'invalid'],
  ['example.com', 'invalid'],
];

describe('classifyAddress', () => {
  it.each(cases)('%s is %s', (address, expected) => {
    expect(classifyAddress(address)).toBe(expected);
  });
});

describe('isProbeAllowed', () => {
  const devicePorts = [5023, 5027];

  it('allows any port on a public address', () => {
    expect(isProbeAllowed('8.8.8.8', 53, devicePorts)).toBe(true);
    expect(isProbeAllowed('2606:4700:4700::1111', 443, devicePorts)).toBe(true);
  });

  it('allows only the device ports on loopback', () => {
    expect(isProbeAllowed('127.0.0.1', 5023, devicePorts)).toBe(true);
    expect(isProbeAllowed('::1', 5027, devicePorts)).toBe(true);
    expect(isProbeAllowed('::ffff:127.0.0.1', 5023, devicePorts)).toBe(true);
    expect(isProbeAllowed('127.0.0.1', 5432, devicePorts)).toBe(false);
    expect(isProbeAllowed('::1', 22, devicePorts)).toBe(false);
  });

  it('never allows private, link-local or other special addresses, even on a device port', () => {
    for (const address of [
      '10.0.0.1',
      '192.168.1.10',
      '172.20.0.5',
      '169.254.169.254',
      '100.64.1.1',
      'fd00::1',
      'fe80::1',
      '0.0.0.0',
      '::',
      '::ffff:10.0.0.1',
      '224.0.0.1',
    ]) {
      expect(isProbeAllowed(address, 5023, devicePorts), address).toBe(false);
      expect(isProbeAllowed(address, 80, devicePorts), address).toBe(false);
    }
  });

  it('refuses anything that is not an IP address', () => {
    expect(isProbeAllowed('localhost', 5023, devicePorts)).toBe(false);
  });
});
