export { BundleService, createBundleService,  } from './bundle-service';
export { BundleCalls } from './carried-calls';
;
;
;
;
