// The sandbox's heavier half: the three interfaces, the demo content, the live traffic. `startSandbox` loads
// it with `import()` only once Anvil has been spawned, so this process compiles it while Anvil restores the
// chain in its own process (in the bundle it is a chunk of its own), instead of before Anvil starts.
export { startTraffic } from './chain/traffic';
export { createContentStore } from './content/createContentStore';
export { seedContractMetadata } from './content/seedContractMetadata';
export { seedDemoContent } from './content/seedDemoContent';
export { createGasApi } from './gas/createGasApi';
export { createGateway } from './gateway/createGateway';
export { listenSandboxServer } from './server';
