// SPDX-License-Identifier: UNLICENSED
pragma solidity ^0.8.20;

import {NotAllowed, EpochRunning, EpochNotRunning, Is0} from "./Errors.sol";

interface IERC20Q {
  function balanceOf(address) external view returns (uint256);
  function approve(address spender, uint256 amount) external returns (bool);
  function transfer(address to, uint256 amount) external returns (bool);
  function transferFrom(address from, address to, uint256 amount) external returns (bool);
}

interface IStrategyQ {
  function epochNumber() external view returns (uint256);
  function manager() external view returns (address);
  function instantWithdrawsRequests(address) external view returns (uint256);
}

interface IEpochVaultQ {
  function token() external view returns (address);
  function strategy() external view returns (address);
  function AATranche() external view returns (address);
  function isEpochRunning() external view returns (bool);
  function defaulted() external view returns (bool);
  function isWalletAllowed(address) external view returns (bool);
  function virtualPrice(address) external view returns (uint256);
  function depositAA(uint256 amount) external returns (uint256);
  function requestWithdraw(uint256 trancheAmount, address tranche) external returns (uint256);
  function claimWithdrawRequest() external;
  function claimInstantWithdrawRequest() external;
}

/// @notice Deposit and withdraw queue of one epoch vault, for lenders who act while an epoch runs.
/// Requests are keyed by `e = epochNumber + 1`, the epoch running when they are made. In the buffer
/// after that epoch the manager turns the queued deposits into one `depositAA` and the queued
/// withdrawals into one redeem request; lenders then claim their share per epoch.
contract EpochQueue {
  uint256 internal constant ONE_TRANCHE = 1e18;

  address public immutable epochVault;
  address public immutable token;
  address public immutable strategy;
  address public immutable tranche;

  mapping(address => mapping(uint256 => uint256)) public userDepositsEpochs;
  mapping(address => mapping(uint256 => uint256)) public userWithdrawalsEpochs;
  mapping(uint256 => uint256) public epochPendingDeposits;
  mapping(uint256 => uint256) public epochPendingWithdrawals;
  /// @notice Tranche price at which epoch `e`'s deposits were processed (0 = not processed).
  mapping(uint256 => uint256) public epochPrice;
  /// @notice Underlying paid per 1e18 tranche tokens withdrawn in epoch `e` (0 = not processed).
  mapping(uint256 => uint256) public epochWithdrawPrice;
  /// @notice Underlying still to be collected from the vault for epoch `e`'s withdrawals.
  mapping(uint256 => uint256) public epochPendingClaims;
  mapping(uint256 => bool) public isEpochInstant;

  constructor(address _epochVault) {
    epochVault = _epochVault;
    token = IEpochVaultQ(_epochVault).token();
    strategy = IEpochVaultQ(_epochVault).strategy();
    tranche = IEpochVaultQ(_epochVault).AATranche();
    // The queue deposits into the vault as one lender; it approves once.
    IERC20Q(token).approve(_epochVault, type(uint256).max);
  }

  function _onlyManager() internal view {
    if (msg.sender != IStrategyQ(strategy).manager()) revert NotAllowed();
  }

  function _checkRequest(uint256 amount) internal view {
    if (amount == 0) revert Is0();
    IEpochVaultQ vault = IEpochVaultQ(epochVault);
    if (!vault.isWalletAllowed(msg.sender) || vault.defaulted()) revert NotAllowed();
    if (!vault.isEpochRunning()) revert EpochNotRunning();
  }

  function _requestEpoch() internal view returns (uint256) {
    return IStrategyQ(strategy).epochNumber() + 1;
  }

  // ---- deposits ----

  function requestDeposit(uint256 amount) external {
    _checkRequest(amount);
    uint256 e = _requestEpoch();
    IERC20Q(token).transferFrom(msg.sender, address(this), amount);
    userDepositsEpochs[msg.sender][e] += amount;
    epochPendingDeposits[e] += amount;
  }

  /// @notice Cancels a pending deposit and refunds it. In this version only between the epoch's
  /// end and the processing of its queue, never while an epoch runs.
  function deleteRequest(uint256 e) external {
    if (IEpochVaultQ(epochVault).isEpochRunning()) revert EpochRunning();
    if (epochPrice[e] != 0) revert NotAllowed();
    uint256 amount = userDepositsEpochs[msg.sender][e];
    if (amount == 0) revert Is0();
    userDepositsEpochs[msg.sender][e] = 0;
    epochPendingDeposits[e] -= amount;
    IERC20Q(token).transfer(msg.sender, amount);
  }

  function processDeposits() external {
    _onlyManager();
    if (IEpochVaultQ(epochVault).isEpochRunning()) revert EpochRunning();
    uint256 e = IStrategyQ(strategy).epochNumber();
    if (e == 0 || epochPrice[e] != 0) revert NotAllowed();
    // The price of the deposit is recorded even for an empty epoch, so it reads as processed.
    epochPrice[e] = IEpochVaultQ(epochVault).virtualPrice(tranche);
    uint256 amount = epochPendingDeposits[e];
    if (amount > 0) {
      IEpochVaultQ(epochVault).depositAA(amount);
    }
  }

  function claimDepositRequest(uint256 e) external {
    uint256 price = epochPrice[e];
    if (price == 0) revert NotAllowed();
    uint256 amount = userDepositsEpochs[msg.sender][e];
    if (amount == 0) revert Is0();
    userDepositsEpochs[msg.sender][e] = 0;
    IERC20Q(tranche).transfer(msg.sender, amount * ONE_TRANCHE / price);
  }

  // ---- withdrawals ----

  function requestWithdraw(uint256 trancheAmount) external {
    _checkRequest(trancheAmount);
    uint256 e = _requestEpoch();
    IERC20Q(tranche).transferFrom(msg.sender, address(this), trancheAmount);
    userWithdrawalsEpochs[msg.sender][e] += trancheAmount;
    epochPendingWithdrawals[e] += trancheAmount;
  }

  /// @notice Cancels a pending withdrawal (refund of tranche tokens), also while the epoch runs,
  /// until the queue is processed.
  function deleteWithdrawRequest(uint256 e) external {
    if (epochWithdrawPrice[e] != 0) revert NotAllowed();
    uint256 amount = userWithdrawalsEpochs[msg.sender][e];
    if (amount == 0) revert Is0();
    userWithdrawalsEpochs[msg.sender][e] = 0;
    epochPendingWithdrawals[e] -= amount;
    IERC20Q(tranche).transfer(msg.sender, amount);
  }

  /// @notice Files one redeem request for the epoch's queued withdrawals. Whether it is instant
  /// or standard is the vault's decision at this moment.
  function processWithdrawRequests() external {
    _onlyManager();
    if (IEpochVaultQ(epochVault).isEpochRunning()) revert EpochRunning();
    uint256 e = IStrategyQ(strategy).epochNumber();
    if (e == 0 || epochWithdrawPrice[e] != 0) revert NotAllowed();
    uint256 amount = epochPendingWithdrawals[e];
    if (amount == 0) {
      // Nothing to redeem: mark the epoch processed at the current price, nothing to collect.
      epochWithdrawPrice[e] = IEpochVaultQ(epochVault).virtualPrice(tranche);
      return;
    }
    uint256 instantBefore = IStrategyQ(strategy).instantWithdrawsRequests(address(this));
    uint256 requested = IEpochVaultQ(epochVault).requestWithdraw(amount, tranche);
    isEpochInstant[e] = IStrategyQ(strategy).instantWithdrawsRequests(address(this)) > instantBefore;
    epochWithdrawPrice[e] = requested * ONE_TRANCHE / amount;
    epochPendingClaims[e] = requested;
  }

  /// @notice Collects epoch `e`'s redeem from the vault once it is funded: standard after the next
  /// stop, instant once instant withdrawals are allowed.
  function processWithdrawalClaims(uint256 e) external {
    _onlyManager();
    if (epochPendingClaims[e] == 0) revert NotAllowed();
    if (isEpochInstant[e]) {
      IEpochVaultQ(epochVault).claimInstantWithdrawRequest();
    } else {
      IEpochVaultQ(epochVault).claimWithdrawRequest();
    }
    epochPendingClaims[e] = 0;
  }

  function claimWithdrawRequest(uint256 e) external {
    uint256 price = epochWithdrawPrice[e];
    if (price == 0 || epochPendingClaims[e] != 0) revert NotAllowed();
    uint256 amount = userWithdrawalsEpochs[msg.sender][e];
    if (amount == 0) revert Is0();
    userWithdrawalsEpochs[msg.sender][e] = 0;
    IERC20Q(token).transfer(msg.sender, amount * price / ONE_TRANCHE);
  }
}
