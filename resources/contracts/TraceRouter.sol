// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {TracePool} from "./TracePool.sol";

/// @title TraceRouter
/// @notice The entry point of the sandbox's deep revert: the transaction calls `redeem` here, which calls the pool,
///         which calls its vault, which calls the token. A revert anywhere below comes back up unchanged.
contract TraceRouter {
    /// Redeems `amount` from `pool` for `to`.
    function redeem(TracePool pool, address to, uint256 amount) external returns (uint256) {
        return pool.redeem(to, amount);
    }
}
