// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {TraceChild} from "./TraceChild.sol";

/// @title TraceFactory
/// @notice Deploys TraceChild contracts with CREATE2, so a child's address follows from the factory, the salt and the
///         child's creation code (with its constructor argument) alone.
contract TraceFactory {
    event Deployed(address indexed child, bytes32 indexed salt, address owner);

    /// Deploys a TraceChild for `owner` at the address `salt` decides.
    function deploy(bytes32 salt, address owner) external returns (address child) {
        child = address(new TraceChild{salt: salt}(owner));
        emit Deployed(child, salt, owner);
    }

    /// The address `deploy(salt, owner)` creates (or created): EIP-1014's formula.
    function addressOf(bytes32 salt, address owner) external view returns (address) {
        bytes32 initCodeHash = keccak256(abi.encodePacked(type(TraceChild).creationCode, abi.encode(owner)));
        return address(uint160(uint256(keccak256(abi.encodePacked(bytes1(0xff), address(this), salt, initCodeHash)))));
    }
}
