// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// @title Reverter
/// @notice Every way a call can revert, one function each, so revert decoding (reason string,
///         custom error with arguments, panic codes) can be shown against a real node.
///         Each function succeeds for ordinary inputs; the seeder records the inputs that revert.
contract Reverter {
    /// Custom error with arguments: decoders must look its selector up in the ABI.
    error InsufficientBalance(uint256 requested, uint256 available);

    /// What `withdraw` pretends to hold; a constant keeps the revert data the same everywhere.
    uint256 public constant AVAILABLE = 100;

    /// Written by `bump`, so a failed `bump` transaction shows a state change being rolled back.
    uint256 public counter;

    /// Reverts with Error(string) through require when `amount` is zero.
    function requireNonZero(uint256 amount) external pure returns (uint256) {
        require(amount != 0, "Reverter: amount is zero");
        return amount;
    }

    /// Reverts with the custom error when more than AVAILABLE is requested.
    function withdraw(uint256 requested) external pure returns (uint256) {
        if (requested > AVAILABLE) revert InsufficientBalance(requested, AVAILABLE);
        return requested;
    }

    /// Panics with 0x11 (checked arithmetic overflow) when `x` is type(uint256).max.
    function increment(uint256 x) external pure returns (uint256) {
        return x + 1;
    }

    /// Panics with 0x12 (division by zero) when `b` is zero.
    function divide(uint256 a, uint256 b) external pure returns (uint256) {
        return a / b;
    }

    /// State-changing: increments the counter, then reverts if it passed `max`. Sent as a
    /// transaction with an explicit gas limit it is mined with receipt status 0.
    function bump(uint256 max) external returns (uint256) {
        counter += 1;
        require(counter <= max, "Reverter: counter above max");
        return counter;
    }
}
