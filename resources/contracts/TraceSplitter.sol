// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// @title TraceSplitter
/// @notice Splits the ETH sent with `split` among payees: one internal ETH transfer (a call with value) per payee,
///         which a trace lists and a receipt does not show.
contract TraceSplitter {
    error NoPayees();
    error PaymentFailed(address payee);

    event Split(address indexed sender, uint256 total, uint256 payees);

    /// Pays each payee an equal share of `msg.value`; the last one also gets what the division leaves over.
    function split(address payable[] calldata payees) external payable {
        uint256 count = payees.length;
        if (count == 0) revert NoPayees();
        uint256 share = msg.value / count;
        for (uint256 i = 0; i < count; i++) {
            uint256 amount = i == count - 1 ? msg.value - share * (count - 1) : share;
            (bool ok, ) = payees[i].call{value: amount}("");
            if (!ok) revert PaymentFailed(payees[i]);
        }
        emit Split(msg.sender, msg.value, count);
    }
}
