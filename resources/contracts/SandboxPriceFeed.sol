// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// @title SandboxPriceFeed
/// @notice A Chainlink-style ETH / USD aggregator (AggregatorV3Interface: decimals, description, version,
/// getRoundData, latestRoundData) for the sandbox. One account, the updater, starts a new round with a new answer;
/// the sandbox's live traffic does so every few blocks, so the price the app shows moves as a real feed's does.
contract SandboxPriceFeed {
    /// @notice Answers carry 8 decimals, as Chainlink's USD feeds do.
    uint8 public constant decimals = 8;
    string public constant description = "ETH / USD";
    uint256 public constant version = 4;

    /// @notice The only account that may start a round.
    address public immutable updater;
    /// @notice The id of the latest round (rounds are numbered from 1).
    uint80 public latestRound;

    struct Round {
        int256 answer;
        uint64 startedAt;
        uint64 updatedAt;
    }

    mapping(uint80 => Round) private rounds;

    /// @notice Chainlink's aggregator events, so a log query finds each round.
    event AnswerUpdated(int256 indexed current, uint256 indexed roundId, uint256 updatedAt);
    event NewRound(uint256 indexed roundId, address indexed startedBy, uint256 startedAt);

    error NotUpdater(address caller);
    error NoSuchRound(uint80 roundId);
    error AnswerNotPositive(int256 answer);

    constructor(address updater_, int256 initialAnswer) {
        updater = updater_;
        _startRound(initialAnswer);
    }

    /// @notice Starts a new round with `answer` (8 decimals), updated now.
    function updateAnswer(int256 answer) external {
        if (msg.sender != updater) revert NotUpdater(msg.sender);
        _startRound(answer);
    }

    function getRoundData(uint80 roundId)
        external
        view
        returns (uint80, int256 answer, uint256 startedAt, uint256 updatedAt, uint80 answeredInRound)
    {
        Round memory round = rounds[roundId];
        if (round.updatedAt == 0) revert NoSuchRound(roundId);
        return (roundId, round.answer, round.startedAt, round.updatedAt, roundId);
    }

    function latestRoundData()
        external
        view
        returns (uint80 roundId, int256 answer, uint256 startedAt, uint256 updatedAt, uint80 answeredInRound)
    {
        Round memory round = rounds[latestRound];
        return (latestRound, round.answer, round.startedAt, round.updatedAt, latestRound);
    }

    /// @notice The latest answer (Chainlink's older AggregatorInterface).
    function latestAnswer() external view returns (int256) {
        return rounds[latestRound].answer;
    }

    function _startRound(int256 answer) private {
        if (answer <= 0) revert AnswerNotPositive(answer);
        uint80 roundId = latestRound + 1;
        latestRound = roundId;
        rounds[roundId] = Round(answer, uint64(block.timestamp), uint64(block.timestamp));
        emit NewRound(roundId, msg.sender, block.timestamp);
        emit AnswerUpdated(answer, roundId, block.timestamp);
    }
}
