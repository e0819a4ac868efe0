/**
 * The Ethereum app's generic transaction parser (clear signing of any contract call from an
 * ERC-7730 descriptor, app ≥ 1.14; `src/features/generic_tx_parser/` and `doc/tlv_structs.md` in
 * the app's repository): its commands, structure tags and codes. The host builds these structures,
 * the emulated device reads them.
 */

export const GENERIC_PARSER_INS = {
  /** E0 26: the signed TRANSACTION_INFO structure (P1 01 first chunk, 00 next; a 2-byte size first). */
  TRANSACTION_INFO: 0x26,
  /** E0 28: one FIELD structure per displayed field, in order. */
  TRANSACTION_FIELD: 0x28,
} as const;

/** E0 04's P2: sign at once (0), store the transaction for the parser (1), start the review (2). */
export const SIGN_MODE = { BASIC: 0x00, STORE: 0x01, START_FLOW: 0x02 } as const;

/** B0 06 (the OS): load a PKI certificate; P1 is the key usage. */
export const LOAD_CERTIFICATE_INS = 0x06;

/** The PKI key usage of the key that signs calldata descriptors (`PUBKEY_USAGE_CALLDATA`). */
export const KEY_USAGE_CALLDATA = 0x0b;

/** PKI certificate tags (the OS's certificate structure). */
export const CERT_TAG = {
  STRUCTURE_TYPE: 0x01,
  VERSION: 0x02,
  VALIDITY_INDEX: 0x11,
  CHALLENGE: 0x12,
  SIGNER_KEY_ID: 0x13,
  SIGN_ALGO: 0x14,
  SIGNATURE: 0x15,
  TIME_VALIDITY: 0x16,
  TRUSTED_NAME: 0x20,
  PUBLIC_KEY_ID: 0x30,
  PUBLIC_KEY_USAGE: 0x31,
  CURVE_ID: 0x32,
  PUBLIC_KEY: 0x33,
  PK_SIGN_ALGO: 0x34,
  TARGET_DEVICE: 0x35,
} as const;

/** TRANSACTION_INFO tags; the signature covers every other item (SHA-256 of their bytes). */
export const TX_INFO_TAG = {
  VERSION: 0x00,
  CHAIN_ID: 0x01,
  CONTRACT_ADDR: 0x02,
  SELECTOR: 0x03,
  /** SHA3-256 of every FIELD structure, in order. */
  FIELDS_HASH: 0x04,
  OPERATION_TYPE: 0x05,
  CREATOR_NAME: 0x06,
  CREATOR_LEGAL_NAME: 0x07,
  CREATOR_URL: 0x08,
  CONTRACT_NAME: 0x09,
  DEPLOY_DATE: 0x0a,
  SIGNATURE: 0xff,
} as const;

export const FIELD_TAG = { VERSION: 0x00, NAME: 0x01, PARAM_TYPE: 0x02, PARAM: 0x03, VISIBLE: 0x04, CONSTRAINT: 0x05 } as const;

export const PARAM_TYPE = { RAW: 0x00, AMOUNT: 0x01, TOKEN_AMOUNT: 0x02 } as const;

/** Tags inside PARAM_RAW / PARAM_AMOUNT (VALUE) and PARAM_TOKEN_AMOUNT (VALUE, TOKEN, …). */
export const PARAM_TAG = { VERSION: 0x00, VALUE: 0x01, TOKEN: 0x02, NATIVE_CURRENCY: 0x03, THRESHOLD: 0x04, ABOVE_THRESHOLD_MSG: 0x05 } as const;

export const VALUE_TAG = { VERSION: 0x00, TYPE_FAMILY: 0x01, TYPE_SIZE: 0x02, DATA_PATH: 0x03, CONTAINER_PATH: 0x04, CONSTANT: 0x05 } as const;

export const TYPE_FAMILY = { UINT: 0x01, INT: 0x02, ADDRESS: 0x05, BOOL: 0x06, BYTES: 0x07, STRING: 0x08 } as const;

export const CONTAINER_PATH = { FROM: 0x00, TO: 0x01, VALUE: 0x02, CHAIN_ID: 0x03 } as const;

export const DATA_PATH_TAG = { VERSION: 0x00, TUPLE: 0x01, ARRAY: 0x02, REF: 0x03, LEAF: 0x04, SLICE: 0x05 } as const;

export const LEAF_TYPE = { ARRAY: 0x01, TUPLE: 0x02, STATIC: 0x03, DYNAMIC: 0x04 } as const;

/** The structure versions the app 1.22 accepts. */
export const STRUCT_VERSION = 1;

/**
 * E0 30 (PROVIDE NETWORK CONFIGURATION, app `src/features/provide_network_info/`): P2 00 gives a
 * network the app's table lacks, as a signed TLV structure chunked like E0 26; the app then takes
 * token information on that chain (E0 0A refuses a chain it does not know).
 */
export const PROVIDE_NETWORK_INS = 0x30;

/** The PKI key usage of the key that signs network descriptions (`PUBKEY_USAGE_NETWORK`). */
export const KEY_USAGE_NETWORK = 0x0c;

/** The network structure's tags; the signature covers every other item (SHA-256 of their bytes). */
export const NETWORK_TAG = {
  STRUCTURE_TYPE: 0x01,
  STRUCTURE_VERSION: 0x02,
  CHAIN_ID: 0x23,
  TICKER: 0x24,
  BLOCKCHAIN_FAMILY: 0x51,
  NETWORK_NAME: 0x52,
  ICON_HASH: 0x53,
  SIGNATURE: 0x15,
} as const;

/** `TYPE_DYNAMIC_NETWORK`, version 1, family Ethereum. */
export const NETWORK_STRUCT = { TYPE: 0x08, VERSION: 0x01, FAMILY_ETHEREUM: 0x01 } as const;
