import request from 'supertest';
import webfw from '@webfw/core';
import type { Application, TrustProxySetting } from '@webfw/core';

const LOOPBACK = /^(::ffff:)?127\.0\.0\.1$|^::1$/;

interface Seen {
  ip: string;
  ips: string[];
  protocol: string;
  secure: boolean;
  hostname: string;
  socket: string;
}

function appTrusting(value?: TrustProxySetting): Application {
  const app = webfw();
  if (value !== undefined) app.set('trust proxy', value);
  app.get('/', (req, res) => {
    res.setHeader('Content-Type', 'application/json');
    res.end(JSON.stringify({ ip: req.ip, ips: req.ips, protocol: req.protocol, secure: req.secure, hostname: req.hostname, socket: req.socket.remoteAddress }));
  });
  return app;
}

async function seen(app: Application, headers: Record<string, string>): Promise<Seen> {
  const res = await request(app).get('/').set(headers).expect(200);
  return res.body as Seen;
}

const forwarded = {
  'X-Forwarded-For': '203.0.113.1, 10.0.0.2',
  'X-Forwarded-Proto': 'https, http',
  'X-Forwarded-Host': 'example.com, other.example',
  Host: 'internal.local:8080',
};

describe('trust proxy', () => {
  it('should ignore forged X-Forwarded-* headers by default (false)', async () => {
    const s = await seen(appTrusting(), forwarded);
    expect(s.ip).toBe(s.socket);
    expect(s.ip).toMatch(LOOPBACK);
    expect(s.ips).toEqual([]);
    expect(s.protocol).toBe('http');
    expect(s.secure).toBe(false);
    expect(s.hostname).toBe('internal.local');
  });

  it('should ignore them with an explicit false', async () => {
    const s = await seen(appTrusting(false), forwarded);
    expect(s.ip).toBe(s.socket);
    expect(s.ips).toEqual([]);
    expect(s.protocol).toBe('http');
  });

  it('should use the left-most entries with true', async () => {
    const s = await seen(appTrusting(true), forwarded);
    expect(s.ip).toBe('203.0.113.1');
    expect(s.ips).toEqual(['203.0.113.1', '10.0.0.2']);
    expect(s.protocol).toBe('https');
    expect(s.secure).toBe(true);
    expect(s.hostname).toBe('example.com');
  });

  it("should trust only 'loopback' hops", async () => {
    const s = await seen(appTrusting('loopback'), forwarded);
    expect(s.ip).toBe('10.0.0.2');
    expect(s.ips).toEqual(['10.0.0.2']);
    expect(s.protocol).toBe('https');
    expect(s.hostname).toBe('example.com');
  });

  it("should trust 'loopback, uniquelocal' as a comma list", async () => {
    const s = await seen(appTrusting('loopback, uniquelocal'), forwarded);
    expect(s.ip).toBe('203.0.113.1');
    expect(s.ips).toEqual(['203.0.113.1', '10.0.0.2']);
  });

  it("should trust 'linklocal' addresses", async () => {
    const s = await seen(appTrusting('loopback,linklocal'), { 'X-Forwarded-For': '198.51.100.7, 169.254.10.10' });
    expect(s.ip).toBe('198.51.100.7');
    const untrusted = await seen(appTrusting('loopback'), { 'X-Forwarded-For': '198.51.100.7, 169.254.10.10' });
    expect(untrusted.ip).toBe('169.254.10.10');
  });

  it('should trust addresses and subnets', async () => {
    const s = await seen(appTrusting('127.0.0.1, ::1, 10.0.0.0/8'), forwarded);
    expect(s.ip).toBe('203.0.113.1');
    const mask = await seen(appTrusting('127.0.0.0/255.0.0.0, ::1'), forwarded);
    expect(mask.ip).toBe('10.0.0.2');
  });

  it('should trust an array of names and addresses', async () => {
    const s = await seen(appTrusting(['loopback', '10.0.0.2']), forwarded);
    expect(s.ip).toBe('203.0.113.1');
    expect(s.ips).toEqual(['203.0.113.1', '10.0.0.2']);
  });

  it('should trust a number of hops', async () => {
    const one = await seen(appTrusting(1), forwarded);
    expect(one.ip).toBe('10.0.0.2');
    expect(one.ips).toEqual(['10.0.0.2']);
    expect(one.protocol).toBe('https');
    const two = await seen(appTrusting(2), forwarded);
    expect(two.ip).toBe('203.0.113.1');
    expect(two.ips).toEqual(['203.0.113.1', '10.0.0.2']);
    const zero = await seen(appTrusting(0), forwarded);
    expect(zero.ip).toBe(zero.socket);
    expect(zero.protocol).toBe('http');
  });

  it('should call a trust function with each address and hop', async () => {
    const calls: [string, number][] = [];
    const s = await seen(
      appTrusting((address, hop) => {
        calls.push([String(address), hop]);
        return hop === 0 || address === '10.0.0.2';
      }),
      forwarded,
    );
    expect(s.ip).toBe('203.0.113.1');
    expect(calls).toContainEqual(['10.0.0.2', 1]);
  });

  it('should not read X-Forwarded-Proto/Host when the connection is not a trusted proxy', async () => {
    const s = await seen(appTrusting('10.0.0.0/8'), forwarded);
    expect(s.ip).toBe(s.socket);
    expect(s.protocol).toBe('http');
    expect(s.hostname).toBe('internal.local');
  });

  it('should store the compiled function as trust proxy fn', () => {
    const app = webfw();
    app.set('trust proxy', 2);
    const fn = app.get('trust proxy fn');
    expect(fn('1.1.1.1', 1)).toBe(true);
    expect(fn('1.1.1.1', 2)).toBe(false);
  });

  it('should throw a TypeError for an invalid address', () => {
    expect(() => webfw().set('trust proxy', 'not-an-ip')).toThrow(new TypeError('invalid IP address: not-an-ip'));
  });
});
