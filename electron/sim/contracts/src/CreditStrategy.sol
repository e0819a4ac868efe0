// SPDX-License-Identifier: UNLICENSED
pragma solidity ^0.8.20;

import {ERC20} from "./ERC20.sol";
import {NotAllowed} from "./Errors.sol";

interface IEpochParams {
  function epochDuration() external view returns (uint256);
  function bufferPeriod() external view returns (uint256);
}

interface IERC20Transfer {
  function transfer(address to, uint256 amount) external returns (bool);
}

/// @notice The vault's strategy: it keeps the epoch counter and the APR, books redeem requests and
/// holds the funds that pay them. It is also the receipt token of those requests (same decimals
/// as the underlying), which cannot be transferred.
contract CreditStrategy is ERC20 {
  address public immutable token;
  address public immutable manager;
  address public immutable borrower;
  address public immutable owner;
  address public vault;

  /// @notice Completed epochs: incremented by the vault inside `stopEpoch`.
  uint256 public epochNumber;
  /// @notice APR of the epoch as set by the manager (1e18 = 1 %).
  uint256 public unscaledApr;

  mapping(address => uint256) public withdrawsRequests;
  mapping(address => uint256) public instantWithdrawsRequests;
  /// @notice Epoch number at the time of the user's last standard request; the request is
  /// claimable once `epochNumber` is greater.
  mapping(address => uint256) public lastWithdrawRequest;
  /// @notice Standard requests not yet funded (funded at the next `stopEpoch`).
  uint256 public pendingWithdraws;
  /// @notice Instant requests not yet funded (funded at `startEpoch` or `getInstantWithdrawFunds`).
  uint256 public pendingInstantWithdraws;
  /// @notice Direct deposits made since the last epoch start.
  uint256 public totEpochDeposits;

  constructor(
    address _token,
    uint8 _decimals,
    address _manager,
    address _borrower,
    string memory _name,
    string memory _symbol,
    uint256 _apr
  ) ERC20(_name, _symbol, _decimals) {
    token = _token;
    manager = _manager;
    borrower = _borrower;
    owner = msg.sender;
    unscaledApr = _apr;
  }

  modifier onlyVault() {
    if (msg.sender != vault) revert NotAllowed();
    _;
  }

  /// @notice One-time link to the epoch vault (the vault is deployed after the strategy).
  function setVault(address _vault) external {
    if (msg.sender != owner || vault != address(0)) revert NotAllowed();
    vault = _vault;
  }

  /// @notice APR scaled up for the buffer: interest accrues only while the epoch runs, so the
  /// epoch rate is raised to make the whole cycle (epoch + buffer) earn `unscaledApr` a year.
  function getApr() public view returns (uint256) {
    uint256 duration = IEpochParams(vault).epochDuration();
    if (duration == 0) return unscaledApr;
    return unscaledApr * (duration + IEpochParams(vault).bufferPeriod()) / duration;
  }

  // Receipt tokens stay with the wallet that made the request.
  function transfer(address, uint256) public pure override returns (bool) {
    revert NotAllowed();
  }

  function transferFrom(address, address, uint256) public pure override returns (bool) {
    revert NotAllowed();
  }

  // ---- vault-only bookkeeping ----

  function setApr(uint256 _apr) external onlyVault {
    unscaledApr = _apr;
  }

  function completeEpoch() external onlyVault {
    epochNumber += 1;
  }

  function addEpochDeposits(uint256 amount) external onlyVault {
    totEpochDeposits += amount;
  }

  function resetEpochDeposits() external onlyVault {
    totEpochDeposits = 0;
  }

  function requestWithdraw(uint256 amount, address user) external onlyVault {
    withdrawsRequests[user] += amount;
    lastWithdrawRequest[user] = epochNumber;
    pendingWithdraws += amount;
    _mint(user, amount);
  }

  function requestInstantWithdraw(uint256 amount, address user) external onlyVault {
    instantWithdrawsRequests[user] += amount;
    pendingInstantWithdraws += amount;
    _mint(user, amount);
  }

  /// @notice The vault has sent `amount` underlying here for standard requests.
  function collectWithdrawFunds(uint256 amount) external onlyVault {
    pendingWithdraws -= amount;
  }

  /// @notice The vault has sent `amount` underlying here for instant requests.
  function collectInstantWithdrawFunds(uint256 amount) external onlyVault {
    pendingInstantWithdraws -= amount;
  }

  function claimWithdrawRequest(address user) external onlyVault returns (uint256 amount) {
    amount = withdrawsRequests[user];
    if (amount == 0 || epochNumber <= lastWithdrawRequest[user]) revert NotAllowed();
    withdrawsRequests[user] = 0;
    _burn(user, amount);
    IERC20Transfer(token).transfer(user, amount);
  }

  function claimInstantWithdrawRequest(address user) external onlyVault returns (uint256 amount) {
    amount = instantWithdrawsRequests[user];
    if (amount == 0) revert NotAllowed();
    instantWithdrawsRequests[user] = 0;
    _burn(user, amount);
    IERC20Transfer(token).transfer(user, amount);
  }
}
