/**
 * 4.x: `req.host` is the deprecated name of `req.hostname` (`req.host: Use req.hostname
 * instead`): the host name without its port (5.x: the host with its port). `req.hostname`
 * is 5.x's: the host without its port, from the same headers (a trusted proxy's first
 * X-Forwarded-Host, else `:authority` on HTTP/2 or Host).
 */
import depd from 'depd';
import { hostOf, withoutPort, type Request } from '../request/request';
import { getter } from './members';

const deprecate = depd('express');

function getHostname(this: Request): string | undefined {
  const host = hostOf(this);
  return host ? withoutPort(host) : undefined;
}

const getHost = deprecate.function(function host(this: Request): string | undefined {
  return this.hostname;
}, 'req.host: Use req.hostname instead');

export const hostMembers: PropertyDescriptorMap = {
  hostname: getter(getHostname),
  host: getter(getHost as () => unknown),
};
