/**
 * What the review says when the simulation could not run (a notice with the reason, never a
 * block), when a chain was not simulated, and for an item that reverts on the fork.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ItemWhatWillChange, PlanWhatWillChange } from '../../../renderer/src/signing/WhatWillChange';
import type { Plan } from '../../../shared/signing/schemas';
import type { PlanSimulation } from '../../../shared/simulation';
import { VAULT } from '../signing/batch-fixture';
import { reverted } from '../../../electron/services/simulation/item-result';

const WALLET = '0xdD2FD4581271e230360230F9337D5c0430Bf44C0';
const plan = {
  id: 'plan-1',
  vault: VAULT,
  wallets: [{ address: WALLET, label: 'Desk A', ok: true, reason: null, kycLink: null }],
  items: [{ id: 'i1', wallet: WALLET, state: 'waiting', chainId: 31337, tx: {}, review: { kind: 'transaction' } }],
} as unknown as Plan;

const text = (element: Parameters<typeof renderToStaticMarkup>[0]) =>
  renderToStaticMarkup(element)
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();

const simulated = (patch: Partial<PlanSimulation>): PlanSimulation => ({
  planId: 'plan-1',
  simulatedAt: new Date(0).toISOString(),
  status: 'simulated',
  chains: [{ chainId: 31337, method: 'fork', block: '120', reason: null, fundedGas: [], startMs: 1, runMs: 1 }],
  items: [],
  totals: { perToken: [], perWallet: [] },
  notes: [],
  ...patch,
});

describe('what will change, in the review', () => {
  it('a simulation that could not run: a notice with the reason that holds nothing', () => {
    const shown = text(
      createElement(PlanWhatWillChange, {
        plan,
        state: {
          status: 'failed',
          error: {
            code: 'SIMULATION_NO_ANVIL',
            message: 'No local fork can start: the anvil binary is not installed.',
            action: 'Install anvil.',
          },
        },
      }),
    );
    expect(shown).toContain(
      'Not simulated: No local fork can start: the anvil binary is not installed. Install anvil. Signing is not held by this',
    );
    expect(shown).toContain('Simulate again at the latest block');
  });

  it('a chain not simulated says why; an item that reverts says so with the decoded reason', () => {
    const none = simulated({
      status: 'not-simulated',
      chains: [
        {
          chainId: 31337,
          method: 'none',
          block: null,
          reason: 'Not simulated: the local fork could not start.',
          fundedGas: [],
          startMs: null,
          runMs: null,
        },
      ],
    });
    expect(text(createElement(PlanWhatWillChange, { plan, state: { status: 'done', result: none } }))).toContain(
      'chain 31337: Not simulated: the local fork could not start. Signing is not held by this',
    );
    const error = {
      code: 'SIMULATION_REVERTED',
      message: 'Pausable: paused',
      action: 'Wait until the manager resumes the vault.',
      details: { revert: 'Pausable: paused' },
    };
    const reverts = simulated({ items: [reverted(plan.items[0]!, VAULT, error, null)] });
    const state = { status: 'done' as const, result: reverts };
    expect(text(createElement(ItemWhatWillChange, { plan, state, itemId: 'i1' }))).toBe(
      'What will change Will revert: Pausable: paused Wait until the manager resumes the vault. Held before the Ledger when you start signing.',
    );
    expect(text(createElement(PlanWhatWillChange, { plan, state }))).toContain(
      'Simulated on a fork of chain 31337 at block 120 (information, not proof).',
    );

    // The same result carried in a bundle, on the offline review: the planner's, not checked, not held here.
    const carried = { chainName: () => 'Local 31337' };
    expect(text(createElement(ItemWhatWillChange, { plan, state, itemId: 'i1', carried }))).toBe(
      'What will change, as simulated online Reverted when simulated online: Pausable: paused Not held here: this install cannot run it again. Read its call before you sign it.',
    );
    const plan_ = text(createElement(PlanWhatWillChange, { plan, state, carried }));
    expect(plan_).toContain(
      'Simulated online at block 120 of Local 31337 (on a fork) — information, not proof: this install cannot check it.',
    );
    expect(plan_).toContain('1 item reverted when the planner simulated it online. This install does not hold it');
    expect(plan_).not.toContain('Simulate again');
    expect(plan_).not.toContain('held before the device');
  });
});
