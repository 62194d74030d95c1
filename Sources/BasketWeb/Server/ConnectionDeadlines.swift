/// The rule that keeps slow and silent clients from holding connections: a connection must
/// deliver a complete request (head and body) within `requestTimeout` seconds of opening, or
/// of its previous response; while its request is being answered or it streams live updates,
/// no deadline runs.
///
/// Pure bookkeeping over monotonic seconds: the server records what happens to each connection
/// and, a few times a second, closes the ones `overdue(at:)` names. Tested with frozen time.
struct ConnectionDeadlines {
  struct Entry: Equatable {
    /// The socket to shut down when the deadline passes.
    var socket: Int32
    /// When the connection is closed unless a complete request arrives; nil while none runs.
    var deadline: Double?
  }

  let requestTimeout: Double
  private(set) var entries: [UInt64: Entry] = [:]

  init(requestTimeout: Double) {
    self.requestTimeout = requestTimeout
  }

  /// A connection was accepted at `now`: its first request must arrive in time.
  mutating func opened(_ id: UInt64, socket: Int32, at now: Double) {
    entries[id] = Entry(socket: socket, deadline: now + requestTimeout)
  }

  /// A complete request arrived: no deadline while it is answered (or streams).
  mutating func requestReceived(_ id: UInt64) {
    entries[id]?.deadline = nil
  }

  /// The response was sent at `now`; a kept-alive connection must send its next request in time.
  mutating func responded(_ id: UInt64, at now: Double) {
    entries[id]?.deadline = now + requestTimeout
  }

  mutating func closed(_ id: UInt64) {
    entries[id] = nil
  }

  /// The connections whose deadline has passed at `now`, each named once: their deadline is
  /// cleared, so a connection being closed is not closed again.
  mutating func takeOverdue(at now: Double) -> [(id: UInt64, socket: Int32)] {
    var overdue: [(id: UInt64, socket: Int32)] = []
    for (id, entry) in entries {
      guard let deadline = entry.deadline, deadline <= now else { continue }
      overdue.append((id, entry.socket))
      entries[id]?.deadline = nil
    }
    return overdue.sorted { $0.id < $1.id }
  }
}
