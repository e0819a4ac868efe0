// SPDX-License-Identifier: UNLICENSED
pragma solidity ^0.8.20;

import {ERC20} from "./ERC20.sol";
import {NotAllowed} from "./Errors.sol";
import {IToken, IEpochVault} from "./Interfaces.sol";

/// @notice Deployment parameters of a demo strategy, every generation alike (the real ones are
/// proxies set up by `initialize`).
struct StrategyParams {
  address token;
  uint8 tokenDecimals;
  address manager;
  address borrower;
  string name;
  string symbol;
  /// @notice The first scaled APR (1e18 = 1 %); 0 for a vault whose rate is set at the stop.
  uint256 apr;
}

/// @notice What every strategy generation shares. The strategy is the vault's bookkeeper and its
/// receipt token at once:
/// - the epoch vault holds strategy tokens 1:1 with the underlying it is owed (its NAV), minted by
///   `deposit` (direct deposits between epochs, net interest at the stop);
/// - a redeem request moves value from the vault's tokens to the lender's receipt tokens, which
///   cannot be transferred (claims are address-bound) until a default allows it;
/// - `epochNumber` counts completed epochs: it goes up inside the `deposit` the vault makes while
///   still running, i.e. at `stopEpoch`.
abstract contract CreditStrategyBase is ERC20 {
  uint256 public constant YEAR = 365 days;

  address public immutable token;
  uint256 public immutable tokenDecimals;
  uint256 public immutable oneToken;
  address public immutable owner;
  /// @notice The epoch vault allowed to drive this strategy (set once by the owner after deploy).
  address public idleCDO;
  /// @notice The epoch's APR scaled up for the buffer (1e18 = 1 %); what `getApr` answers.
  uint256 public lastApr;
  address public borrower;
  address public manager;

  mapping(address => uint256) public withdrawsRequests;
  mapping(address => uint256) public instantWithdrawsRequests;
  /// @notice `epochNumber` at the user's last standard request: claimable once it is greater.
  mapping(address => uint256) public lastWithdrawRequest;
  /// @notice Standard requests the borrower pays back at the next stop.
  uint256 public pendingWithdraws;
  /// @notice Instant requests not yet funded (at `startEpoch` or `getInstantWithdrawFunds`).
  uint256 public pendingInstantWithdraws;
  /// @notice Direct deposits since the last stop, handed back to the vault at the next start.
  uint256 public totEpochDeposits;
  uint256 public epochNumber;
  bool public canTransfer;

  constructor(StrategyParams memory p) ERC20(p.name, p.symbol, p.tokenDecimals) {
    token = p.token;
    tokenDecimals = p.tokenDecimals;
    oneToken = 10 ** p.tokenDecimals;
    owner = msg.sender;
    manager = p.manager;
    borrower = p.borrower;
    lastApr = p.apr;
  }

  function _onlyOwner() internal view {
    if (msg.sender != owner) revert NotAllowed();
  }

  function _onlyIdleCDO() internal view {
    if (msg.sender != idleCDO) revert NotAllowed();
  }

  /// @dev The owner's address settings refuse the zero address with the real contracts' "IS_0".
  function _nonZero(address _address) internal pure returns (address) {
    require(_address != address(0), "IS_0");
    return _address;
  }

  // ---- views ----

  function underlyingToken() external view returns (address) {
    return token;
  }

  /// @notice The strategy token is the strategy itself.
  function strategyToken() external view returns (address) {
    return address(this);
  }

  /// @notice Strategy tokens are worth one underlying each.
  function price() external view returns (uint256) {
    return oneToken;
  }

  function getApr() external view returns (uint256) {
    return lastApr;
  }

  // ---- owner ----

  function setManager(address _manager) external {
    _onlyOwner();
    manager = _manager;
  }

  function setWhitelistedCDO(address _cdo) external {
    _onlyOwner();
    idleCDO = _nonZero(_cdo);
  }

  /// @notice Scaled APR of the epoch. Before the vault is linked (its own constructor sets the
  /// first scaled rate) anyone may call; afterwards the vault or the manager.
  function setApr(uint256 _apr) public {
    address cdo = idleCDO;
    if (cdo != address(0) && msg.sender != cdo && msg.sender != manager) revert NotAllowed();
    _checkApr(_apr);
    lastApr = _apr;
  }

  /// @dev A cap on the scaled APR (2026 only).
  function _checkApr(uint256) internal view virtual {}

  // ---- vault-only bookkeeping ----

  /// @notice Takes `_amount` underlying from the vault and mints it strategy tokens. Called while
  /// the epoch still runs, it is the stop's interest deposit: the epoch is complete.
  function deposit(uint256 _amount) external virtual returns (uint256) {
    _onlyIdleCDO();
    _pullFromVault(_amount);
    _mint(msg.sender, _amount);
    _countDeposit(_amount);
    return _amount;
  }

  function _pullFromVault(uint256 _amount) internal {
    IToken(token).transferFrom(idleCDO, address(this), _amount);
  }

  function _countDeposit(uint256 _amount) internal {
    if (IEpochVault(idleCDO).isEpochRunning()) {
      totEpochDeposits = 0;
      epochNumber += 1;
    } else {
      totEpochDeposits += _amount;
    }
  }

  /// @notice Hands cash back to the vault at the start (last interest and buffer deposits).
  function sendInterestAndDeposits(uint256 _amount) external {
    _onlyIdleCDO();
    IToken(token).transfer(idleCDO, _amount);
  }

  /// @notice Instant request: the vault's tokens become the lender's receipt.
  function requestInstantWithdraw(uint256 _amount, address _user) external {
    _onlyIdleCDO();
    _burn(msg.sender, _amount);
    _mint(_user, _amount);
    instantWithdrawsRequests[_user] += _amount;
    pendingInstantWithdraws += _amount;
  }

  function claimInstantWithdrawRequest(address _user) external {
    _onlyIdleCDO();
    uint256 amount = instantWithdrawsRequests[_user];
    _burn(_user, amount);
    instantWithdrawsRequests[_user] = 0;
    IToken(token).transfer(_user, amount);
  }

  function collectInstantWithdrawFunds(uint256 _amount) external {
    _onlyIdleCDO();
    pendingInstantWithdraws -= _amount;
    _pullFromVault(_amount);
  }

  function collectWithdrawFunds(uint256 _amount) external {
    _onlyIdleCDO();
    pendingWithdraws -= _amount;
    _pullFromVault(_amount);
  }

  /// @dev A standard request, booked the same way by every generation (what differs is what the
  /// third argument of `requestWithdraw` means and where an apr0 request goes).
  function _bookWithdraw(uint256 _amount, address _user, uint256 _principal) internal {
    _burn(msg.sender, _principal);
    _mint(_user, _amount);
    pendingWithdraws += _amount;
    lastWithdrawRequest[_user] = epochNumber;
  }

  /// @dev One epoch must complete after the request; a closed vault (`epochEndDate() == 0`) pays
  /// at once. No running check: a request can be claimed while the next epoch runs.
  function _checkClaimable(address _user) internal view {
    if (IEpochVault(idleCDO).epochEndDate() != 0 && epochNumber <= lastWithdrawRequest[_user]) revert NotAllowed();
  }

  /// @dev Receipts stay with the wallet that made the request, unless transfers were allowed.
  function _transfer(address from, address to, uint256 amount) internal override {
    if (msg.sender != idleCDO && !canTransfer) revert NotAllowed();
    super._transfer(from, to, amount);
  }
}
