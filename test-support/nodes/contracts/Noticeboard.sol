// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// @title Noticeboard
/// @notice A contract with events, for the development nodes' seeded chains: each post logs who wrote what.
contract Noticeboard {
    /// One post: its number and text, indexed by author and number so a log query can filter on them.
    event Posted(address indexed author, uint256 indexed id, string text);

    /// How many posts there are.
    uint256 public count;

    /// Adds a post and logs it.
    function post(string calldata text) external returns (uint256 id) {
        id = ++count;
        emit Posted(msg.sender, id, text);
    }
}
