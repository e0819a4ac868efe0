/**
 * Public development keys: accounts whose private key anyone can compute, because they come from
 * the mnemonic that anvil and Hardhat fund by default ("test test test test test test test test
 * test test test junk"), which the simulation and its emulated Ledger also hold. A signature by one
 * of them proves nothing about who made it: they may sign for the demo (its simulation's planner is
 * one of them, trusted in memory for a demo run only), and are never a trusted planner anywhere
 * else (console, headless --trust-planner, or found in a trusted-planners.json).
 *
 * Listed: the first 20 accounts as the tools derive them (44'/60'/0'/0/i: anvil funds 10, Hardhat
 * 20), the planner's own path (the simulation's planner), and the first 10 of the Ledger Live and
 * legacy schemes, which a Ledger loaded with that mnemonic offers. `test/unit/bundles/public-keys.test.ts`
 * derives them again from the mnemonic.
 */

/** The mnemonic the accounts below come from (public: printed by anvil at every start). */
export const PUBLIC_DEV_MNEMONIC = 'test test test test test test test test test test test junk';

/** [Ledger path on that mnemonic, checksummed address]. */
export const PUBLIC_DEV_ACCOUNTS: readonly (readonly [path: string, address: string])[] = [
  ["44'/60'/0'/0/0", '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'],
  ["44'/60'/0'/0/1", '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'],
  ["44'/60'/0'/0/2", '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'],
  ["44'/60'/0'/0/3", '0x90F79bf6EB2c4f870365E785982E1f101E93b906'],
  ["44'/60'/0'/0/4", '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65'],
  ["44'/60'/0'/0/5", '0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc'],
  ["44'/60'/0'/0/6", '0x976EA74026E726554dB657fA54763abd0C3a0aa9'],
  ["44'/60'/0'/0/7", '0x14dC79964da2C08b23698B3D3cc7Ca32193d9955'],
  ["44'/60'/0'/0/8", '0x23618e81E3f5cdF7f54C3d65f7FBc0aBf5B21E8f'],
  ["44'/60'/0'/0/9", '0xa0Ee7A142d267C1f36714E4a8F75612F20a79720'],
  ["44'/60'/0'/0/10", '0xBcd4042DE499D14e55001CcbB24a551F3b954096'],
  ["44'/60'/0'/0/11", '0x71bE63f3384f5fb98995898A86B02Fb2426c5788'],
  ["44'/60'/0'/0/12", '0xFABB0ac9d68B0B445fB7357272Ff202C5651694a'],
  ["44'/60'/0'/0/13", '0x1CBd3b2770909D4e10f157cABC84C7264073C9Ec'],
  ["44'/60'/0'/0/14", '0xdF3e18d64BC6A983f673Ab319CCaE4f1a57C7097'],
  ["44'/60'/0'/0/15", '0xcd3B766CCDd6AE721141F452C550Ca635964ce71'],
  ["44'/60'/0'/0/16", '0x2546BcD3c84621e976D8185a91A922aE77ECEc30'],
  ["44'/60'/0'/0/17", '0xbDA5747bFD65F08deb54cb465eB87D40e51B197E'],
  ["44'/60'/0'/0/18", '0xdD2FD4581271e230360230F9337D5c0430Bf44C0'],
  ["44'/60'/0'/0/19", '0x8626f6940E2eb28930eFb4CeF49B2d1F2C9C1199'],
  ["44'/60'/0'/1/0", '0x4b39F7b0624b9dB86AD293686bc38B903142dbBc'],
  ["44'/60'/1'/0/0", '0x8C8d35429F74ec245F8Ef2f4Fd1e551cFF97d650'],
  ["44'/60'/2'/0/0", '0x98e503f35D0a019cB0a251aD243a4cCFCF371F46'],
  ["44'/60'/3'/0/0", '0xCB9fA1eA9b8A3bf422a8639f23Df77ea66020eC2'],
  ["44'/60'/4'/0/0", '0xEFDd9Ca0e063Bd6974D8fa944A747620fe7032E3'],
  ["44'/60'/5'/0/0", '0xCA5455b7a77E0c076C805A1c0da5782e457C7ADA'],
  ["44'/60'/6'/0/0", '0x6E4cC65a90dE0985bC34D4D17d8Bf87b204B2e44'],
  ["44'/60'/7'/0/0", '0xAF4311d557fBC876059e39306ec1f3343753df29'],
  ["44'/60'/8'/0/0", '0xf9b8d95B9e9C17E3d923A68E8773BC323594DBc9'],
  ["44'/60'/9'/0/0", '0x9ac4fDC8e5D72AaADE30F9Ff52D392D60c68A64a'],
  ["44'/60'/0'/0", '0x1e59ce931B4CFea3fe4B875411e280e173cB7A9C'],
  ["44'/60'/0'/1", '0xc89D42189f0450C2b2c3c61f58Ec5d628176A1E7'],
  ["44'/60'/0'/2", '0x318b469BBa396AEc2C60342F9441be36A1945174'],
  ["44'/60'/0'/3", '0x1e14cBD146c3a5496F588CF28Ee656c210057904'],
  ["44'/60'/0'/4", '0x63953eB1B3D8DB28334E7C1C69456C851F934199'],
  ["44'/60'/0'/5", '0x1e6f0dfb1775f5032f12f56a01526351eD3F07aF'],
  ["44'/60'/0'/6", '0x8656bDDC790dA239824eE2eA782d350c80AA2Cf4'],
  ["44'/60'/0'/7", '0x2192f6112a026bce4047CeD2A16553Fd31E798B6'],
  ["44'/60'/0'/8", '0x1fC1FcEccD0d0cf092Dd11465f2e9Ce6BE3F62ac'],
  ["44'/60'/0'/9", '0xBc8563cb0eeDbd1b95CCafD0c156e2daf5E18c29'],
];

const byAddress = new Map(PUBLIC_DEV_ACCOUNTS.map(([path, address]) => [address.toLowerCase(), path]));

/**
 * For a public development account, the words that say which one it is ("account 44'/60'/0'/0/0 of
 * the public anvil/Hardhat test mnemonic"); null for any other address.
 */
export function publicDevAccount(address: string): string | null {
  const path = byAddress.get(address.toLowerCase());
  return path ? `account ${path} of the public anvil/Hardhat test mnemonic` : null;
}
