import { BlockglassError } from '../errors/blockglassError';

/** The Local sandbox's key is made and kept by Blockglass: it cannot be set or removed by hand. */
export class LocalCredentialManagedError extends BlockglassError {
  override name = 'LocalCredentialManagedError';
  constructor() {
    super("The Local sandbox's key is managed by Blockglass", {
      code: 'LOCAL_CREDENTIAL_MANAGED',
      details: 'Blockglass creates it on first start and keeps it where keys are kept this run. Use another network for your own key.',
    });
  }
}
