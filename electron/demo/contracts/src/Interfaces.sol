// SPDX-License-Identifier: UNLICENSED
pragma solidity ^0.8.20;

// What the demo contracts call on each other, by the protocol's names.

interface IToken {
  function balanceOf(address) external view returns (uint256);
  function totalSupply() external view returns (uint256);
  function approve(address spender, uint256 amount) external returns (bool);
  function transfer(address to, uint256 amount) external returns (bool);
  function transferFrom(address from, address to, uint256 amount) external returns (bool);
}

interface ITrancheToken is IToken {
  function mint(address account, uint256 amount) external;
  function burn(address account, uint256 amount) external;
}

interface IKeyringCheck {
  function checkCredential(uint256 policyId, address wallet) external view returns (bool);
}

/// The epoch vault as the strategy, the queues and the escrow read it.
interface IEpochVault {
  function isEpochRunning() external view returns (bool);
  function epochEndDate() external view returns (uint256);
  function expectedEpochInterest() external view returns (uint256);
  function pendingWithdrawFees() external view returns (uint256);
  function fee() external view returns (uint256);
  function getContractValue() external view returns (uint256);
  function defaulted() external view returns (bool);
  function strategy() external view returns (address);
  function token() external view returns (address);
  function AATranche() external view returns (address);
  function isWalletAllowed(address) external view returns (bool);
  function virtualPrice(address) external view returns (uint256);
  function depositAA(uint256 amount) external returns (uint256);
  function requestWithdraw(uint256 amount, address tranche) external returns (uint256);
  function claimWithdrawRequest() external;
  function claimInstantWithdrawRequest() external;
}

/// Only the prefunded vault has it: a queue probes it to know whether it is the prefunded queue.
interface IPrefundedVault {
  function epochQueue() external view returns (address);
}

/// The strategy (receipt token) calls every generation has.
interface IStrategy {
  function epochNumber() external view returns (uint256);
  function manager() external view returns (address);
  function borrower() external view returns (address);
  function getApr() external view returns (uint256);
  function pendingWithdraws() external view returns (uint256);
  function pendingInstantWithdraws() external view returns (uint256);
  function totEpochDeposits() external view returns (uint256);
  function setApr(uint256 apr) external;
  function deposit(uint256 amount) external returns (uint256);
  function sendInterestAndDeposits(uint256 amount) external;
  function collectWithdrawFunds(uint256 amount) external;
  function collectInstantWithdrawFunds(uint256 amount) external;
  function requestWithdraw(uint256 amount, address user, uint256 third) external;
  function requestInstantWithdraw(uint256 amount, address user) external;
  function claimWithdrawRequest(address user) external returns (uint256);
  function claimInstantWithdrawRequest(address user) external;
}

/// From strategy V2 on.
interface IStrategyUnscaled {
  function unscaledApr() external view returns (uint256);
  function setAprs(uint256 unscaledApr, uint256 apr) external;
}

/// Strategies V1 and V2 only.
interface IStrategyLegacy {
  function allowTransfers() external;
}

/// 2026 strategy (and the write-off of V3 vaults, which calls burnStrategyTokens).
interface IStrategy2026 {
  function prepareStopEpochWithApr0(uint256 interest) external returns (uint256, uint256);
  function burnStrategyTokens(uint256 amount) external;
  function mintStrategyTokens(uint256 amount) external;
}

interface IPrefundedQueue {
  function prefundedDepositsToProcess() external view returns (uint256);
  function processPrefundedDeposits(uint256 minted) external;
}
