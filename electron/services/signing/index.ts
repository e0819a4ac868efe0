export {
  createSigningService,
  SigningService,
  
  
  type SigningServiceOptions,
} from './signing-service';
;
;
;
;
