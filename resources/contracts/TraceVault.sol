// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";

/// @title TraceVault
/// @notice Holds a TracePool's tokens and pays them out on the pool's word (the pool creates its own vault). The third
///         frame of the sandbox's deep revert: its call to the token fails and it re-throws the token's revert data.
contract TraceVault {
    /// The pool that created this vault: the only caller `pay` accepts.
    address public immutable pool;

    /// Someone other than the pool asked the vault to pay.
    error NotPool(address caller);
    /// The token answered `false` instead of reverting (OpenZeppelin's never does).
    error TransferRefused(address token);

    event Paid(address indexed token, address indexed to, uint256 amount);

    constructor() {
        pool = msg.sender;
    }

    /// Sends `amount` of `token` to `to`. A high-level call: if the token reverts, this frame reverts with the same data.
    function pay(IERC20 token, address to, uint256 amount) external {
        if (msg.sender != pool) revert NotPool(msg.sender);
        if (!token.transfer(to, amount)) revert TransferRefused(address(token));
        emit Paid(address(token), to, amount);
    }
}
