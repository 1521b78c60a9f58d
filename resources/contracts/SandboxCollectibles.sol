// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC721} from "@openzeppelin/contracts/token/ERC721/ERC721.sol";

/// @title SandboxCollectibles
/// @notice An ERC-721 (OpenZeppelin's) the sandbox seeds: tokens minted to traders, moved between them, one approved
///         for a spender and an operator approved for all, so the explorer shows NFT transfers, holdings and approvals.
contract SandboxCollectibles is ERC721 {
    address public immutable minter;

    error NotMinter(address caller);

    constructor() ERC721("Sandbox Collectibles", "SBC") {
        minter = msg.sender;
    }

    function mint(address to, uint256 tokenId) external {
        if (msg.sender != minter) revert NotMinter(msg.sender);
        _mint(to, tokenId);
    }
}
