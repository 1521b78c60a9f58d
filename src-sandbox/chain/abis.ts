import { parseAbi } from 'viem';

// Typed ABIs for the functions the seeder and the traffic call. The compiled ABIs (contracts.ts)
// are plain JSON, so viem could not type-check function names and arguments against them;
// abis.test.ts checks that every item here exists in the compiled or artifact ABI.

/** The sandbox's OpenZeppelin ERC-20 (constructor plus the ERC-20 calls used). */
export const sandboxTokenAbi = parseAbi([
  'constructor(string name_, string symbol_, uint8 decimals_, uint256 supply)',
  'function transfer(address to, uint256 value) returns (bool)',
  'function approve(address spender, uint256 value) returns (bool)',
  'function balanceOf(address account) view returns (uint256)',
  'function decimals() view returns (uint8)',
]);

/** WETH9 from the v2-periphery build. */
export const wethAbi = parseAbi([
  'function deposit() payable',
  'function withdraw(uint256 wad)',
  'function transfer(address dst, uint256 wad) returns (bool)',
  'function approve(address guy, uint256 wad) returns (bool)',
  'function balanceOf(address) view returns (uint256)',
]);

/** UniswapV2Factory from the v2-core build. */
export const uniswapFactoryAbi = parseAbi([
  'constructor(address _feeToSetter)',
  'function createPair(address tokenA, address tokenB) returns (address pair)',
  'function getPair(address, address) view returns (address)',
  'function allPairsLength() view returns (uint256)',
]);

/** UniswapV2Pair from the v2-core build. */
export const uniswapPairAbi = parseAbi([
  'function token0() view returns (address)',
  'function token1() view returns (address)',
  'function getReserves() view returns (uint112 _reserve0, uint112 _reserve1, uint32 _blockTimestampLast)',
]);

/** UniswapV2Router02 from the v2-periphery build. */
export const uniswapRouterAbi = parseAbi([
  'constructor(address _factory, address _WETH)',
  'function addLiquidity(address tokenA, address tokenB, uint256 amountADesired, uint256 amountBDesired, uint256 amountAMin, uint256 amountBMin, address to, uint256 deadline) returns (uint256 amountA, uint256 amountB, uint256 liquidity)',
  'function addLiquidityETH(address token, uint256 amountTokenDesired, uint256 amountTokenMin, uint256 amountETHMin, address to, uint256 deadline) payable returns (uint256 amountToken, uint256 amountETH, uint256 liquidity)',
  'function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)',
  'function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable returns (uint256[] amounts)',
  'function swapExactTokensForETH(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)',
  'function getAmountsOut(uint256 amountIn, address[] path) view returns (uint256[] amounts)',
]);

/** Reverter.sol. */
export const reverterAbi = parseAbi([
  'error InsufficientBalance(uint256 requested, uint256 available)',
  'function requireNonZero(uint256 amount) pure returns (uint256)',
  'function withdraw(uint256 requested) pure returns (uint256)',
  'function increment(uint256 x) pure returns (uint256)',
  'function divide(uint256 a, uint256 b) pure returns (uint256)',
  'function bump(uint256 max) returns (uint256)',
  'function counter() view returns (uint256)',
]);

/** StorageShowcase.sol. */
export const storageShowcaseAbi = parseAbi([
  'constructor(uint256 number_, bool flag_, address account, uint256 balance)',
  'function setNumber(uint256 number_)',
  'function setBalance(address account, uint256 balance)',
  'function number() view returns (uint256)',
  'function balances(address) view returns (uint256)',
]);

/** LogStorm.sol. */
export const logStormAbi = parseAbi([
  'event Tick(uint256 indexed blockNumber, uint256 indexed index, address indexed sender, uint256 value)',
  'function emitMany(uint256 n)',
]);

/** GasBurner.sol. */
export const gasBurnerAbi = parseAbi([
  'event Burned(address indexed sender, uint256 requested)',
  'function burn(uint256 gasToBurn)',
]);

/** SandboxPriceFeed.sol: a Chainlink-style ETH / USD aggregator (AggregatorV3Interface) the traffic moves. */
export const priceFeedAbi = parseAbi([
  'constructor(address updater_, int256 initialAnswer)',
  'function decimals() view returns (uint8)',
  'function description() view returns (string)',
  'function latestRound() view returns (uint80)',
  'function updater() view returns (address)',
  'function updateAnswer(int256 answer)',
  'function getRoundData(uint80 roundId) view returns (uint80 roundId, int256 answer, uint256 startedAt, uint256 updatedAt, uint80 answeredInRound)',
  'function latestRoundData() view returns (uint80 roundId, int256 answer, uint256 startedAt, uint256 updatedAt, uint80 answeredInRound)',
  'event AnswerUpdated(int256 indexed current, uint256 indexed roundId, uint256 updatedAt)',
  'error NotUpdater(address caller)',
  'error NoSuchRound(uint80 roundId)',
]);

/** SandboxCollectibles.sol: OpenZeppelin's ERC-721, minted by its deployer. */
export const collectiblesAbi = parseAbi([
  'constructor()',
  'function mint(address to, uint256 tokenId)',
  'function ownerOf(uint256 tokenId) view returns (address)',
  'function balanceOf(address owner) view returns (uint256)',
  'function transferFrom(address from, address to, uint256 tokenId)',
  'function approve(address to, uint256 tokenId)',
  'function setApprovalForAll(address operator, bool approved)',
  'function getApproved(uint256 tokenId) view returns (address)',
  'function isApprovedForAll(address owner, address operator) view returns (bool)',
]);

/** SandboxItems.sol: OpenZeppelin's ERC-1155, minted by its deployer. */
export const itemsAbi = parseAbi([
  'constructor()',
  'function mintBatch(address to, uint256[] ids, uint256[] amounts)',
  'function balanceOf(address account, uint256 id) view returns (uint256)',
  'function safeTransferFrom(address from, address to, uint256 id, uint256 value, bytes data)',
  'function safeBatchTransferFrom(address from, address to, uint256[] ids, uint256[] values, bytes data)',
  'function setApprovalForAll(address operator, bool approved)',
  'function isApprovedForAll(address account, address operator) view returns (bool)',
]);

/** GasProbe.sol. */
export const gasProbeAbi = parseAbi(['function gasLeft() view returns (uint256)']);

/** BatchCall.sol: the code an EOA delegates to with EIP-7702. */
export const batchCallAbi = parseAbi([
  'struct Call { address target; uint256 value; bytes data; }',
  'error CallFailed(uint256 index, bytes reason)',
  'function execute(Call[] calls) payable',
]);

/** ProxiedToken.sol: the ERC-20 behind the sandbox's proxies (set up by `initialize`, called through a proxy). */
export const proxiedTokenAbi = parseAbi([
  'function initialize(string name_, string symbol_, address holder, uint256 supply)',
  'function transfer(address to, uint256 amount) returns (bool)',
  'function balanceOf(address) view returns (uint256)',
  'function name() view returns (string)',
  'event Transfer(address indexed from, address indexed to, uint256 value)',
]);

/** OpenZeppelin's ERC1967Proxy. */
export const erc1967ProxyAbi = parseAbi(['constructor(address implementation, bytes _data)']);

/** OpenZeppelin's TransparentUpgradeableProxy (it deploys its own ProxyAdmin, owned by `initialOwner`). */
export const transparentProxyAbi = parseAbi(['constructor(address _logic, address initialOwner, bytes _data)', 'event AdminChanged(address previousAdmin, address newAdmin)']);

/** TraceToken.sol: OpenZeppelin's ERC-20, with the custom error its `transfer` reverts with. */
export const traceTokenAbi = parseAbi([
  'constructor(uint256 supply)',
  'error ERC20InsufficientBalance(address sender, uint256 balance, uint256 needed)',
  'function transfer(address to, uint256 value) returns (bool)',
  'function balanceOf(address account) view returns (uint256)',
]);

/** TracePool.sol (it creates its TraceVault). */
export const tracePoolAbi = parseAbi([
  'constructor(address token_)',
  'function vault() view returns (address)',
  'function reserve() view returns (uint256)',
  'function redeem(address to, uint256 amount) returns (uint256)',
]);

/** TraceRouter.sol: the deep revert's entry point. */
export const traceRouterAbi = parseAbi(['function redeem(address pool, address to, uint256 amount) returns (uint256)']);

/** TraceSplitter.sol: internal ETH transfers. */
export const traceSplitterAbi = parseAbi(['function split(address[] payees) payable']);

/** TraceFactory.sol: CREATE2 of a TraceChild. */
export const traceFactoryAbi = parseAbi([
  'event Deployed(address indexed child, bytes32 indexed salt, address owner)',
  'function deploy(bytes32 salt, address owner) returns (address child)',
  'function addressOf(bytes32 salt, address owner) view returns (address)',
]);

/** TraceChild.sol: what TraceFactory deploys. */
export const traceChildAbi = parseAbi(['constructor(address owner_)', 'function factory() view returns (address)', 'function owner() view returns (address)']);
