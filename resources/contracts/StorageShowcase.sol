// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// @title StorageShowcase
/// @notice Plain variables at known slots and a mapping, so eth_getStorageAt and slot
///         computation (keccak256(pad(key) ++ pad(slot)) for a mapping) can be checked.
///         The declaration order keeps every variable in a slot of its own: an address followed
///         by a bool would otherwise be packed into one slot.
contract StorageShowcase {
    address public owner; // slot 0
    uint256 public number; // slot 1
    bool public flag; // slot 2
    mapping(address => uint256) public balances; // slot 3 (the slot itself stays empty)

    constructor(uint256 number_, bool flag_, address account, uint256 balance) {
        owner = msg.sender;
        number = number_;
        flag = flag_;
        balances[account] = balance;
    }

    /// Lets the seeder (or anyone) change a value later, to show storage changing between blocks.
    function setNumber(uint256 number_) external {
        number = number_;
    }

    /// Writes one mapping entry.
    function setBalance(address account, uint256 balance) external {
        balances[account] = balance;
    }
}
