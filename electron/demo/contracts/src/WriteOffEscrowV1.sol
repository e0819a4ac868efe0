// SPDX-License-Identifier: UNLICENSED
pragma solidity ^0.8.20;

import {NotAllowed, EpochNotRunning, Is0, WrongRequest} from "./Errors.sol";
import {IToken, IEpochVault, IStrategy} from "./Interfaces.sol";
import {EpochVaultLinks} from "./EpochVaultLinks.sol";

/// @notice Generation CDO_EPOCH_WRITEOFF_V1 (August 2025): a lender who wants out during an epoch
/// escrows tranche tokens here with the underlying asked for them; the borrower may buy them at
/// exactly that price (less the exit fee, which goes to the fee receiver) and then write them off
/// on the vault. The lender may take them back while the request is open.
contract WriteOffEscrowV1 is EpochVaultLinks {
  struct WriteOffRequest {
    uint256 tranches;
    uint256 underlyings;
  }

  uint256 public constant FULL_VALUE = 100000;
  /// @notice 1 % at most (FULL_VALUE = 100 %).
  uint256 public constant MAX_EXIT_FEE = 1000;

  address public immutable borrower;
  address public immutable feeReceiver;
  mapping(address => WriteOffRequest) public userRequests;
  uint256 public exitFee;

  constructor(address _idleCDOEpoch, address _feeReceiver) EpochVaultLinks(_idleCDOEpoch) {
    borrower = IStrategy(IEpochVault(_idleCDOEpoch).strategy()).borrower();
    feeReceiver = _feeReceiver;
    exitFee = 100;
  }

  function _checkAllowed(address _wallet) internal view {
    if (!IEpochVault(idleCDOEpoch).isWalletAllowed(_wallet)) revert NotAllowed();
  }

  /// @notice Only while an epoch runs; adds to the wallet's open request.
  function createWriteOffRequest(uint256 _amount, uint256 _underlyingsRequested) external {
    if (!IEpochVault(idleCDOEpoch).isEpochRunning()) revert EpochNotRunning();
    if (_amount == 0) revert NotAllowed();
    _checkAllowed(msg.sender);
    IToken(tranche).transferFrom(msg.sender, address(this), _amount);
    WriteOffRequest storage request = userRequests[msg.sender];
    request.tranches += _amount;
    request.underlyings += _underlyingsRequested;
  }

  /// @notice Takes the escrowed tranche tokens back; reverts `Is0()` with no open request.
  function deleteWriteOffRequest() external {
    _checkAllowed(msg.sender);
    WriteOffRequest memory request = userRequests[msg.sender];
    if (request.tranches == 0) revert Is0();
    delete userRequests[msg.sender];
    IToken(tranche).transfer(msg.sender, request.tranches);
  }

  /// @notice The borrower buys a request at exactly its terms. (Spelling as on chain.)
  function fullfillWriteOffRequest(address _user, uint256 _tranches, uint256 _underlyings) external {
    if (msg.sender != borrower) revert NotAllowed();
    WriteOffRequest memory request = userRequests[_user];
    if (request.tranches == 0) revert Is0();
    if (request.tranches != _tranches || request.underlyings != _underlyings) revert WrongRequest();
    delete userRequests[_user];
    IToken(underlying).transferFrom(msg.sender, address(this), _underlyings);
    uint256 fees = _underlyings * exitFee / FULL_VALUE;
    if (fees != 0) IToken(underlying).transfer(feeReceiver, fees);
    IToken(underlying).transfer(_user, _underlyings - fees);
    IToken(tranche).transfer(msg.sender, _tranches);
  }

  function setExitFee(uint256 _exitFee) external {
    if (msg.sender != owner) revert NotAllowed();
    if (_exitFee > MAX_EXIT_FEE) revert NotAllowed();
    exitFee = _exitFee;
  }
}
