// SPDX-License-Identifier: UNLICENSED
pragma solidity ^0.8.20;

// Custom errors shared by the vault, the strategy and the queue. Declared once at file level so
// every contract reverts with the same selectors as the real protocol.
error NotAllowed();
error EpochRunning();
error EpochNotRunning();
error Is0();
