// SPDX-License-Identifier: MIT
pragma solidity ^0.8.22;

import {Initializable} from "@openzeppelin/contracts/proxy/utils/Initializable.sol";

/// @title ProxiedToken
/// @notice A minimal ERC-20 meant to live behind a proxy: its state is the proxy's storage, so it is set up by
///         `initialize` (called through the proxy) rather than a constructor. The sandbox puts one implementation
///         behind OpenZeppelin's ERC1967Proxy and TransparentUpgradeableProxy, so calls and events through a proxy
///         must be decoded with this contract's ABI.
contract ProxiedToken is Initializable {
    string public name;
    string public symbol;
    uint256 public totalSupply;
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    error InsufficientBalance(uint256 requested, uint256 available);
    error InsufficientAllowance(uint256 requested, uint256 available);

    /// @dev The implementation itself is never initialized: only proxies in front of it are.
    constructor() {
        _disableInitializers();
    }

    function initialize(string calldata name_, string calldata symbol_, address holder, uint256 supply) external initializer {
        name = name_;
        symbol = symbol_;
        totalSupply = supply;
        balanceOf[holder] = supply;
        emit Transfer(address(0), holder, supply);
    }

    function decimals() external pure returns (uint8) {
        return 18;
    }

    function transfer(address to, uint256 amount) external returns (bool) {
        _move(msg.sender, to, amount);
        return true;
    }

    function approve(address spender, uint256 amount) external returns (bool) {
        allowance[msg.sender][spender] = amount;
        emit Approval(msg.sender, spender, amount);
        return true;
    }

    function transferFrom(address from, address to, uint256 amount) external returns (bool) {
        uint256 allowed = allowance[from][msg.sender];
        if (allowed != type(uint256).max) {
            if (allowed < amount) revert InsufficientAllowance(amount, allowed);
            allowance[from][msg.sender] = allowed - amount;
        }
        _move(from, to, amount);
        return true;
    }

    function _move(address from, address to, uint256 amount) private {
        uint256 available = balanceOf[from];
        if (available < amount) revert InsufficientBalance(amount, available);
        balanceOf[from] = available - amount;
        balanceOf[to] += amount;
        emit Transfer(from, to, amount);
    }
}
