/// A Shopping Trip's phase.
public enum TripPhase: String, Equatable, Sendable {
  /// Exceptions to settle before walking.
  case review
  /// One item at a time.
  case walking
  case paused
  case ended
}

/// Where one stop stands on the walk.
public enum StopStatus: String, Equatable, Sendable {
  case waiting
  /// "Next": the user moved on. Nothing more is claimed.
  case visited
  /// "Got it": checked off on the list.
  case got
  case skipped
  /// Removed from the list, or checked off elsewhere, while the trip went on.
  case gone
}

/// A step on the walk that needs nothing but the trip itself: what a phone can take offline.
public enum WalkStep: String, Equatable, Sendable {
  case next
  case got
  case skip
  case pause
  case resume
}

/// Why a walk step can't be taken.
public enum WalkRefusal: String, Error, Equatable, Sendable {
  /// The trip is paused: resume it first.
  case paused
  case notPaused
  /// Past the last stop: nothing is shown.
  case atEnd
  /// Reviewing or ended: only the server settles an exception or starts a trip.
  case needsServer
}

/// The walk of a trip: its phase, the stop shown and each stop's status. The server's trips
/// (`TripRules`) and the phone's offline steps both move by these rules.
public struct TripWalk: Equatable, Sendable {
  public var phase: TripPhase
  /// The phase a paused trip goes back to.
  public var resumePhase: TripPhase?
  /// The index of the stop shown; `statuses.count` once past the last.
  public var position: Int
  public var statuses: [StopStatus]

  public init(
    phase: TripPhase, resumePhase: TripPhase? = nil, position: Int, statuses: [StopStatus]
  ) {
    self.phase = phase
    self.resumePhase = resumePhase
    self.position = position
    self.statuses = statuses
  }

  /// Takes `step`; returns the index of the stop it decided (Next, Got it, Skip), if any.
  @discardableResult
  public mutating func take(_ step: WalkStep) throws(WalkRefusal) -> Int? {
    guard phase != .ended else { throw .needsServer }
    switch step {
    case .pause:
      guard phase != .paused else { return nil }
      resumePhase = phase
      phase = .paused
      return nil
    case .resume:
      guard phase == .paused else { throw .notPaused }
      phase = resumePhase ?? .walking
      resumePhase = nil
      return nil
    case .next, .got, .skip:
      guard phase != .paused else { throw .paused }
      guard phase == .walking else { throw .needsServer }
      guard statuses.indices.contains(position) else { throw .atEnd }
      let index = position
      statuses[index] =
        switch step {
        case .next: .visited
        case .got: .got
        default: .skipped
        }
      advance()
      return index
    }
  }

  /// Moves to the next waiting stop after the one shown (or the first before it, when the walk
  /// skipped past one that is still waiting), else past the end.
  public mutating func advance() {
    var next: Int?
    var index = position + 1
    while index < statuses.count {
      if statuses[index] == .waiting {
        next = index
        break
      }
      index += 1
    }
    position = next ?? firstWaiting ?? statuses.count
  }

  /// The first stop still waiting.
  public var firstWaiting: Int? {
    statuses.firstIndex { $0 == .waiting }
  }

  /// The stop shown while walking (or paused from walking), if any.
  public var shown: Int? {
    guard phase == .walking || (phase == .paused && resumePhase == .walking),
      statuses.indices.contains(position)
    else { return nil }
    return position
  }

  /// Whether no stop is left waiting.
  public var isAtEnd: Bool {
    !statuses.contains { $0 == .waiting }
  }

  /// The 1-based place of the stop shown among all stops ("3 of 8").
  public var progress: (at: Int, of: Int) {
    (min(position + 1, statuses.count), statuses.count)
  }
}
