export * from './schemas';
export * from './canonical';
export * from './errors';
export * from './calls';
export * from './transaction';
export * from './build';
export { readUnsignedBundle, checkUnsignedContent } from './verify-unsigned';
export { readSignedBundle } from './verify-signed';
export { parseEnvelope, type BundleKind } from './envelope';
