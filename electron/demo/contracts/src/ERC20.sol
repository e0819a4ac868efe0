// SPDX-License-Identifier: UNLICENSED
pragma solidity ^0.8.20;

/// @notice Minimal ERC-20 with OpenZeppelin 4's allowance helpers (the tranche and the strategy
/// expose them). Every balance movement emits `Transfer`, because the indexer rebuilds deposits,
/// requests and claims from those events alone (the protocol has no request events).
abstract contract ERC20 {
  event Transfer(address indexed from, address indexed to, uint256 value);
  event Approval(address indexed owner, address indexed spender, uint256 value);

  string public name;
  string public symbol;
  uint8 public immutable decimals;
  uint256 public totalSupply;
  mapping(address => uint256) public balanceOf;
  mapping(address => mapping(address => uint256)) public allowance;

  constructor(string memory _name, string memory _symbol, uint8 _decimals) {
    name = _name;
    symbol = _symbol;
    decimals = _decimals;
  }

  function approve(address spender, uint256 amount) public virtual returns (bool) {
    _approve(msg.sender, spender, amount);
    return true;
  }

  function increaseAllowance(address spender, uint256 added) external returns (bool) {
    _approve(msg.sender, spender, allowance[msg.sender][spender] + added);
    return true;
  }

  function decreaseAllowance(address spender, uint256 subtracted) external returns (bool) {
    uint256 current = allowance[msg.sender][spender];
    require(current >= subtracted, "ERC20: decreased allowance below zero");
    _approve(msg.sender, spender, current - subtracted);
    return true;
  }

  function transfer(address to, uint256 amount) external returns (bool) {
    _transfer(msg.sender, to, amount);
    return true;
  }

  function transferFrom(address from, address to, uint256 amount) external returns (bool) {
    uint256 allowed = allowance[from][msg.sender];
    if (allowed != type(uint256).max) {
      require(allowed >= amount, "ERC20: insufficient allowance");
      allowance[from][msg.sender] = allowed - amount;
    }
    _transfer(from, to, amount);
    return true;
  }

  function _approve(address owner, address spender, uint256 amount) internal {
    allowance[owner][spender] = amount;
    emit Approval(owner, spender, amount);
  }

  function _transfer(address from, address to, uint256 amount) internal virtual {
    require(to != address(0), "ERC20: transfer to the zero address");
    uint256 balance = balanceOf[from];
    require(balance >= amount, "ERC20: transfer amount exceeds balance");
    balanceOf[from] = balance - amount;
    balanceOf[to] += amount;
    emit Transfer(from, to, amount);
  }

  function _mint(address to, uint256 amount) internal {
    totalSupply += amount;
    balanceOf[to] += amount;
    emit Transfer(address(0), to, amount);
  }

  function _burn(address from, uint256 amount) internal {
    uint256 balance = balanceOf[from];
    require(balance >= amount, "ERC20: burn amount exceeds balance");
    balanceOf[from] = balance - amount;
    totalSupply -= amount;
    emit Transfer(from, address(0), amount);
  }
}
