// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// @title TraceChild
/// @notice What TraceFactory deploys with CREATE2: remembers who made it and for whom.
contract TraceChild {
    address public immutable factory;
    address public immutable owner;

    constructor(address owner_) {
        factory = msg.sender;
        owner = owner_;
    }
}
