// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";

/// @title SandboxToken
/// @notice A fixed-supply ERC-20 minted to the deployer. One source serves every sandbox token
///         (SUSD with 6 decimals, GLS with 18) so explorers see real OpenZeppelin bytecode
///         while decimals differ, which is what amount formatting must cope with.
contract SandboxToken is ERC20 {
    // Immutable rather than a storage slot: decimals never change and reading it stays cheap.
    uint8 private immutable _decimals;

    constructor(string memory name_, string memory symbol_, uint8 decimals_, uint256 supply) ERC20(name_, symbol_) {
        _decimals = decimals_;
        _mint(msg.sender, supply);
    }

    function decimals() public view override returns (uint8) {
        return _decimals;
    }
}
