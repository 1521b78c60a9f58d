// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// @title GasBurner
/// @notice Consumes roughly a chosen amount of gas, so live traffic can fill blocks above or
///         below the EIP-1559 target and move the base fee.
contract GasBurner {
    event Burned(address indexed sender, uint256 requested);

    /// Spins until about `gasToBurn` gas is gone; pure computation, no storage, so the cost
    /// is what was asked. Asking for more than the transaction has burns what is left, minus a
    /// reserve for the event, instead of running out of gas.
    function burn(uint256 gasToBurn) external {
        uint256 start = gasleft();
        uint256 reserve = 5_000;
        uint256 stopAt = gasToBurn + reserve < start ? start - gasToBurn : reserve;
        while (gasleft() > stopAt) {}
        emit Burned(msg.sender, gasToBurn);
    }
}
