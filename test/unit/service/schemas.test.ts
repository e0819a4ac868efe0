import { describe, expect, it } from 'vitest';
import { ChainSchema, VaultSchema, vaultContracts, type Vault } from '../../../shared/service';

const a = (n: number) => `0x${n.toString(16).padStart(40, '0')}`;
const base = { _id: 'v', name: 'V', address: a(1), tokenId: 't', chainId: 'c', contractType: 'CDO_EPOCH', visibility: 'PUBLIC', status: 'READY' };

describe('vault records', () => {
  it('keeps unknown fields, at the top and nested', () => {
    const parsed = VaultSchema.parse({ ...base, riskGrade: 'A', cdoEpoch: { address: a(2), extra: 1 } });
    expect(parsed).toMatchObject({ riskGrade: 'A', cdoEpoch: { extra: 1 } });
  });

  it('keeps an unknown visibility as it is (the vault is then not public) and refuses a malformed address', () => {
    expect(VaultSchema.parse({ ...base, visibility: 'SECRET' }).visibility).toBe('SECRET');
    expect(VaultSchema.safeParse({ ...base, address: '0x12' }).success).toBe(false);
  });

  it('reads the queues under cdoEpoch first, then at the top level as the spec documents them', () => {
    const real = VaultSchema.parse({ ...base, cdoEpoch: { address: a(2), depositQueue: { address: a(3) }, withdrawQueue: { address: a(3) } } });
    expect(vaultContracts(real)).toEqual({ tranche: a(1), epochVault: a(2), depositQueue: a(3), withdrawQueue: a(3) });
    const specShape: Vault = VaultSchema.parse({ ...base, cdoEpoch: { address: a(2) }, depositQueue: { address: a(4) }, withdrawQueue: { address: a(5) } });
    expect(vaultContracts(specShape)).toMatchObject({ depositQueue: a(4), withdrawQueue: a(5) });
    expect(vaultContracts(VaultSchema.parse(base))).toEqual({ tranche: a(1) });
  });

  it('keeps a vault whose deposit queue names no address (null read as absent), with the withdraw queue it does name', () => {
    const parsed = VaultSchema.parse({ ...base, cdoEpoch: { address: a(2), depositQueue: {}, withdrawQueue: { address: a(3) } } });
    expect(vaultContracts(parsed)).toEqual({ tranche: a(1), epochVault: a(2), withdrawQueue: a(3) });
  });
});

describe('chain records', () => {
  it('reads the numeric id spelt chainId as well as the spec\'s chainID, the spec\'s first', () => {
    expect(ChainSchema.parse({ _id: 'c', chainId: 137 }).chainID).toBe(137);
    expect(ChainSchema.parse({ _id: 'c', chainID: 1, chainId: 5 }).chainID).toBe(1);
    expect(ChainSchema.parse({ _id: 'c' }).chainID).toBeUndefined();
  });
});
