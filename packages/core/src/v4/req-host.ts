/**
 * 4.x: `req.host` is the deprecated name of `req.hostname` (`req.host: Use req.hostname
 * instead`): the host name without its port (5.x: the host with its port). `req.hostname`
 * reads the Host header (or, from a trusted proxy, the first X-Forwarded-Host) itself.
 */
import depd from 'depd';
import type { Request } from '../request';
import type { TrustFunction } from '../settings';
import { getter } from './members';

const deprecate = depd('express');

function getHostname(this: Request): string | undefined {
  const trust = this.app.get('trust proxy fn') as TrustFunction;
  let host = this.get('X-Forwarded-Host');
  if (!host || !trust(this.socket.remoteAddress, 0)) host = this.get('Host');
  else if (host.indexOf(',') !== -1) host = host.substring(0, host.indexOf(',')).trimEnd();
  if (!host) return undefined;
  const offset = host[0] === '[' ? host.indexOf(']') + 1 : 0;
  const colon = host.indexOf(':', offset);
  return colon !== -1 ? host.substring(0, colon) : host;
}

const getHost = deprecate.function(function host(this: Request): string | undefined {
  return this.hostname;
}, 'req.host: Use req.hostname instead');

export const hostMembers: PropertyDescriptorMap = {
  hostname: getter(getHostname),
  host: getter(getHost as () => unknown),
};
