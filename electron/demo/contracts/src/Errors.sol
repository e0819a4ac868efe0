// SPDX-License-Identifier: UNLICENSED
pragma solidity ^0.8.20;

// Custom errors of the protocol's contracts, declared once at file level so every demo contract
// reverts with the real selectors. A contract's ABI lists only the errors it can raise, so each
// generation shows exactly the errors its own code paths use.
error NotAllowed();
/// @dev Raised by the 2024–2025 epoch vaults only (setInstantWithdrawParams while running).
error EpochRunning();
error EpochNotRunning();
error Is0();
/// @dev Write-off escrow: the fulfilment does not match the request.
error WrongRequest();
