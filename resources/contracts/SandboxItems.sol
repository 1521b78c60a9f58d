// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC1155} from "@openzeppelin/contracts/token/ERC1155/ERC1155.sol";

/// @title SandboxItems
/// @notice An ERC-1155 (OpenZeppelin's) the sandbox seeds: items minted to traders one id at a time and in a batch,
///         moved between them singly and in a batch, and an operator approved for all.
contract SandboxItems is ERC1155 {
    address public immutable minter;

    error NotMinter(address caller);

    constructor() ERC1155("https://items.sandbox.invalid/{id}.json") {
        minter = msg.sender;
    }

    function mintBatch(address to, uint256[] calldata ids, uint256[] calldata amounts) external {
        if (msg.sender != minter) revert NotMinter(msg.sender);
        _mintBatch(to, ids, amounts, "");
    }
}
