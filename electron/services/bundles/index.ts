export { BundleService, createBundleService,  } from './bundle-service';
;
;
;
;
