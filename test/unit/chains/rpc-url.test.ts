import { describe, expect, it } from 'vitest';
import { checkRpcUrl } from '../../../shared/chains/rpc-url';

// Which RPC addresses the operator may give: https anywhere, plain http only on this machine.
describe('an RPC address', () => {
  it.each([
    ['https://rpc.example.org', 'https://rpc.example.org'],
    ['https://rpc.example.org/', 'https://rpc.example.org'],
    ['https://RPC.Example.org/v1/?key=abc', 'https://rpc.example.org/v1/?key=abc'],
    ['  https://eth.example.org/v3/abc123  ', 'https://eth.example.org/v3/abc123'],
    ['https://10.0.0.5:8545', 'https://10.0.0.5:8545'],
    ['http://127.0.0.1:8545', 'http://127.0.0.1:8545'],
    ['http://127.1.2.3:8545/rpc', 'http://127.1.2.3:8545/rpc'],
    ['http://localhost:8545', 'http://localhost:8545'],
    ['http://[::1]:8545', 'http://[::1]:8545'],
  ])('accepts %s', (input, url) => {
    expect(checkRpcUrl(input)).toEqual({ ok: true, url });
  });

  it.each([
    ['http://rpc.example.org', 'RPC_NOT_HTTPS', /plain http/],
    ['http://192.168.1.10:8545', 'RPC_NOT_HTTPS', /plain http/],
    ['http://127.0.0.1.example.org', 'RPC_NOT_HTTPS', /plain http/],
    ['wss://rpc.example.org', 'RPC_BAD_URL', /not an https address/],
    ['ftp://rpc.example.org', 'RPC_BAD_URL', /not an https address/],
    ['rpc.example.org', 'RPC_BAD_URL', /not an address/],
    ['', 'RPC_BAD_URL', /not an address/],
  ])('refuses %s with a message saying what to do', (input, code, message) => {
    const checked = checkRpcUrl(input);
    expect(checked).toMatchObject({ ok: false, code, message: expect.stringMatching(message) });
    expect(checked.ok ? '' : checked.action).toMatch(/https:\/\//);
  });
});
