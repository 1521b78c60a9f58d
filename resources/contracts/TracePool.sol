// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {TraceVault} from "./TraceVault.sol";

/// @title TracePool
/// @notice A pool that keeps its tokens in a TraceVault of its own (created in its constructor) and pays redemptions out
///         of it. The second frame of the sandbox's deep revert.
contract TracePool {
    IERC20 public immutable token;
    TraceVault public immutable vault;
    /// Written before paying, so a failed redemption shows a storage write being rolled back.
    uint256 public totalRedeemed;

    event Redeemed(address indexed to, uint256 amount, uint256 reserveBefore);

    constructor(IERC20 token_) {
        token = token_;
        vault = new TraceVault();
    }

    /// The tokens the vault holds (a static call to the token).
    function reserve() public view returns (uint256) {
        return token.balanceOf(address(vault));
    }

    /// Pays `amount` to `to` from the vault. The reserve is read for the event, deliberately not checked: when it is
    /// too small, the token is the one that refuses, and its revert comes back up through the vault and this frame.
    function redeem(address to, uint256 amount) external returns (uint256) {
        uint256 reserveBefore = reserve();
        totalRedeemed += amount;
        vault.pay(token, to, amount);
        emit Redeemed(to, amount, reserveBefore);
        return amount;
    }
}
