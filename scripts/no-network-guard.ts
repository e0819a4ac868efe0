import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import tls from 'node:tls';

/**
 * For the runner's offline step: every way Node has to reach a network is replaced by a refusal
 * that is also recorded, so a connection attempted anywhere (even one whose error some code would
 * swallow) fails the run. The Ledger is USB (HID), which none of these touch.
 */
export function forbidNetwork(): { attempts: string[] } {
  const attempts: string[] = [];
  const refuse = (what: string) =>
    function refused(): never {
      attempts.push(what);
      throw new Error(`offline: ${what} refused (this run opens no network connection)`);
    };
  net.Socket.prototype.connect = refuse('a socket connection') as never;
  (tls as { connect: unknown }).connect = refuse('a TLS connection');
  (dns as { lookup: unknown }).lookup = refuse('a DNS lookup');
  (http as { request: unknown }).request = refuse('an HTTP request');
  (https as { request: unknown }).request = refuse('an HTTPS request');
  globalThis.fetch = refuse('a fetch') as never;
  return { attempts };
}
