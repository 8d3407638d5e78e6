import { stopBlobStoreAzurite } from './blobStoreGlobalSetup';

/** jest globalTeardown of the server project (a default export, as jest loads it): stops the run's Azurite. */
export default stopBlobStoreAzurite;
