// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";

/// @title TraceToken
/// @notice The innermost contract of the sandbox's deep revert (TraceRouter -> TracePool -> TraceVault -> TraceToken):
///         an OpenZeppelin ERC-20, so a `transfer` from a holder with too little reverts with OpenZeppelin's custom
///         error `ERC20InsufficientBalance(address sender, uint256 balance, uint256 needed)`, which every caller above
///         passes up unchanged. A trace must show that the revert began here, three calls below the transaction.
contract TraceToken is ERC20 {
    constructor(uint256 supply) ERC20("Trace Token", "TRC") {
        _mint(msg.sender, supply);
    }
}
