// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// @title LogStorm
/// @notice Emits many events in one transaction, so a range of a few blocks can exceed
///         eth_getLogs' 10,000-result limit.
contract LogStorm {
    /// Three indexed topics so topic filters have something to match on.
    event Tick(uint256 indexed blockNumber, uint256 indexed index, address indexed sender, uint256 value);

    /// Emits `n` Tick events (about 2,200 gas each: no storage is touched).
    function emitMany(uint256 n) external {
        for (uint256 i = 0; i < n; ) {
            emit Tick(block.number, i, msg.sender, i * i);
            unchecked {
                ++i;
            }
        }
    }
}
