import Synchronization

/// Delivers each published event to every subscriber at once, on the publishing thread.
///
/// Live pages subscribe (one subscriber per open event stream) and unsubscribe when they go;
/// a change made through the server, or noticed in the store's files, is published once and
/// reaches them all with no polling. Subscribers must return quickly (queue, don't write).
/// Publishing is serialised, so every subscriber sees events in the same order.
public final class BroadcastHub<Event: Sendable>: Sendable {
  public typealias Subscriber = @Sendable (Event) -> Void

  /// A subscription's handle, for `unsubscribe`.
  public struct Token: Hashable, Sendable {
    let value: UInt64
  }

  private struct State {
    var subscribers: [UInt64: Subscriber] = [:]
    var next: UInt64 = 0
  }

  private let state = Mutex(State())
  private let publishing = Mutex(())

  public init() {}

  /// How many subscribers there are now.
  public var count: Int { state.withLock { $0.subscribers.count } }

  public func subscribe(_ subscriber: @escaping Subscriber) -> Token {
    state.withLock { state in
      state.next += 1
      state.subscribers[state.next] = subscriber
      return Token(value: state.next)
    }
  }

  public func unsubscribe(_ token: Token) {
    _ = state.withLock { $0.subscribers.removeValue(forKey: token.value) }
  }

  /// Hands `event` to every subscriber, in the order they subscribed. Cost: one call per
  /// subscriber; nobody else publishes meanwhile.
  public func publish(_ event: Event) {
    publishing.withLock { _ in
      let subscribers = state.withLock { state in
        state.subscribers.sorted { $0.key < $1.key }.map(\.value)
      }
      for subscriber in subscribers { subscriber(event) }
    }
  }
}
