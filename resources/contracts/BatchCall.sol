// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// @title BatchCall
/// @notice The code an EOA delegates to with EIP-7702 (a type-4 transaction): it lets the
///         account make several calls in one transaction, the use case 7702 was made for.
contract BatchCall {
    struct Call {
        address target;
        uint256 value;
        bytes data;
    }

    error CallFailed(uint256 index, bytes reason);

    /// A delegated account runs this code for every call, plain ETH transfers included: without
    /// receive() it could no longer be paid.
    receive() external payable {}

    /// Runs `calls` in order as the delegating account; any failure reverts the whole batch.
    function execute(Call[] calldata calls) external payable {
        // Under 7702 this code runs at the EOA's address: only the EOA itself may drive it,
        // or anyone could spend its tokens.
        require(msg.sender == address(this), "BatchCall: only the account itself");
        for (uint256 i = 0; i < calls.length; ++i) {
            (bool ok, bytes memory reason) = calls[i].target.call{value: calls[i].value}(calls[i].data);
            if (!ok) revert CallFailed(i, reason);
        }
    }
}
