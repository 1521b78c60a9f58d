// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// @title GasProbe
/// @notice Returns the gas left when called, which shows the gas an eth_call really gets
///         (a node caps it, e.g. at 10x the block gas limit).
contract GasProbe {
    function gasLeft() external view returns (uint256) {
        return gasleft();
    }
}
